import { useSignals } from "@preact/signals-react/runtime";
import { useDeleteConfirm } from "../../lib/useDeleteConfirm.ts";
import { useEffect, useState } from "react";
import { type Key, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useLocation, useParams } from "wouter";
import { api } from "../../api/index.ts";
import type { Chat } from "../../api/chats.ts";
import { currentUser } from "../../app/session.ts";
import { Button } from "../../components/Button.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Icon } from "../../components/Icon.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as page from "../../components/page.css.ts";
import { toast } from "../../components/toast.ts";
import { useMediaQuery } from "../../lib/useMediaQuery.ts";
import { ChatDialog } from "./ChatDialog.tsx";
import { ChatList } from "./ChatList.tsx";
import { MessagePane } from "./MessagePane.tsx";
import { NARROW_CHAT_QUERY } from "./chatState.ts";
import * as css from "./chats.css.ts";
import { useChatList } from "./useChatList.ts";

type NarrowTab = "chats" | "messages";

/** /chats/:uuid? (seed 002; plan flag useInternalChat, which the server enforces on every call). */
export default function ChatsPage() {
  useSignals();
  const { t } = useTranslation();
  const { uuid } = useParams<{ uuid?: string }>();
  const [, navigate] = useLocation();
  const narrow = useMediaQuery(NARROW_CHAT_QUERY);
  const user = currentUser.value;
  const me = user?.id;
  const chats = useChatList(user?.companyId);
  const [editing, setEditing] = useState<Chat | null | undefined>(undefined);
  const [tab, setTab] = useState<NarrowTab>(uuid ? "messages" : "chats");
  useEffect(() => setTab(uuid ? "messages" : "chats"), [uuid]);

  // A chat opened by its address may be beyond the pages read so far.
  const listed = uuid ? chats.list.find((chat) => chat.uuid === uuid) : undefined;
  const [fetched, setFetched] = useState<Chat | null>(null);
  useEffect(() => {
    if (!uuid || listed || chats.loading) return;
    api.chats.get(uuid).then(setFetched).catch((error) => {
      toast.apiError(error);
      navigate("/chats", { replace: true });
    });
  }, [uuid, Boolean(listed), chats.loading]);
  const selected = listed ?? (fetched?.uuid === uuid ? fetched : undefined);

  const { deleting, setDeleting, confirmDelete } = useDeleteConfirm<Chat>(
    api.chats.remove,
    (row) => {
      chats.apply({ action: "delete", id: row.id });
      if (row.uuid === uuid) navigate("/chats");
    },
    t("internalChat.deleted"),
  );

  const list = (
    <ChatList
      chats={chats.list}
      loading={chats.loading}
      selectedId={selected?.id}
      me={me}
      onMore={chats.loadMore}
      onEdit={setEditing}
      onDelete={setDeleting}
    />
  );
  const pane = selected && me && user
    ? (
      <MessagePane
        key={selected.id}
        chat={selected}
        me={me}
        companyId={user.companyId}
        onBack={narrow ? () => navigate("/chats") : undefined}
      />
    )
    : <p className={page.empty}>{t("internalChat.noSelection")}</p>;

  return (
    <div className={page.page}>
      <PageHeader title={t("internalChat.title")}>
        <Button onPress={() => setEditing(null)}>
          <Icon name="add" size={18} />
          {t("internalChat.add")}
        </Button>
      </PageHeader>
      {narrow
        ? (
          <Tabs className={css.narrow} selectedKey={tab} onSelectionChange={(key: Key) => setTab(key as NarrowTab)}>
            <TabList aria-label={t("internalChat.tabsLabel")} className={css.tabs}>
              <Tab id="chats" className={css.tab}>{t("internalChat.tabChats")}</Tab>
              <Tab id="messages" className={css.tab}>{t("internalChat.tabMessages")}</Tab>
            </TabList>
            <TabPanel id="chats" className={css.panel} shouldForceMount>{list}</TabPanel>
            <TabPanel id="messages" className={css.panel} shouldForceMount>{pane}</TabPanel>
          </Tabs>
        )
        : (
          <div className={css.layout}>
            <div className={css.pane}>{list}</div>
            <div className={css.pane}>{pane}</div>
          </div>
        )}
      {editing !== undefined && me
        ? (
          <ChatDialog
            chat={editing}
            me={me}
            onClose={() => setEditing(undefined)}
            onSaved={(chat) => {
              chats.apply({ action: editing ? "update" : "create", chat });
              if (!editing) navigate(`/chats/${chat.uuid}`);
            }}
          />
        )
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("internalChat.deleteTitle")}
        message={t("internalChat.deleteMessage", { title: deleting?.title ?? "" })}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
