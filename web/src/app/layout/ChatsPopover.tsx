import { useSignals } from "@preact/signals-react/runtime";
import { useCallback, useEffect, useId, useState } from "react";
import { Button as AriaButton, Dialog, DialogTrigger, Heading, Link, Popover } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Chat } from "../../api/chats.ts";
import { Icon } from "../../components/Icon.tsx";
import * as page from "../../components/page.css.ts";
import { asChatEvent, unreadsOf } from "../../pages/chats/chatState.ts";
import { currentUser, plan } from "../session.ts";
import { useRealtimeEvent } from "../useRealtimeEvent.ts";
import { useRealtimeReconnect } from "../useRealtimeReconnect.ts";
import * as layout from "./layout.css.ts";
import * as css from "./NotificationsBell.css.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";

/** The top bar's internal chat: the caller's unread total, live, and the chats holding them. */
export function ChatsPopover() {
  useSignals();
  const user = currentUser.value;
  if (!user || !plan.value?.useInternalChat) return null;
  return <ChatsButton companyId={user.companyId} userId={user.id} />;
}

function ChatsButton({ companyId, userId }: { companyId: number; userId: number }) {
  const { t } = useTranslation();
  const [total, setTotal] = useState(0);
  const [unread, setUnread] = useState<Chat[]>([]);
  const [open, setOpen] = useState(false);
  const countId = useId();

  // The total counts every chat, not only a page of them, so the server sums it.
  const refresh = useCallback(() => {
    api.chats.unreads().then((r) => setTotal(r.unreads)).catch(() => undefined);
    api.chats.page(1)
      .then((p) => setUnread(p.records.filter((chat) => unreadsOf(chat, userId) > 0)))
      .catch(() => undefined);
  }, [userId]);
  useEffect(refresh, [refresh]);
  useRealtimeReconnect(refresh);
  useRealtimeEvent(companyEvent(companyId, "chat"), (data) => {
    if (asChatEvent(data)) refresh();
  });

  return (
    <>
      <DialogTrigger isOpen={open} onOpenChange={setOpen}>
        <AriaButton
          className={css.trigger}
          aria-label={t("internalChat.popover.label")}
          aria-describedby={total > 0 ? countId : undefined}
          data-unreads={total}
        >
          <Icon name="forum" size={22} />
          {total > 0
            ? <span className={css.badge} data-count={total > 99 ? "99+" : total} aria-hidden="true" />
            : null}
        </AriaButton>
        <Popover className={layout.popover} placement="bottom end">
          <Dialog className={css.dialog} aria-label={t("internalChat.popover.title")}>
            <div className={css.header}>
              <Heading slot="title" className={css.title}>{t("internalChat.popover.title")}</Heading>
            </div>
            {unread.length === 0
              ? <p className={page.empty}>{t("internalChat.popover.empty")}</p>
              : (
                <ul className={css.list}>
                  {unread.map((chat) => (
                    <li key={chat.id}>
                      <Link href={`/chats/${chat.uuid}`} className={css.link} onPress={() => setOpen(false)}>
                        <span className={css.main}>
                          <span className={css.name}>{chat.title}</span>
                          <span className={css.last}>{chat.lastMessage}</span>
                        </span>
                        <span className={css.count}>{unreadsOf(chat, userId)}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            <div className={css.footer}>
              <Link href="/chats" className={css.link} onPress={() => setOpen(false)}>
                {t("internalChat.popover.openAll")}
              </Link>
            </div>
          </Dialog>
        </Popover>
      </DialogTrigger>
      {total > 0
        ? <span id={countId} className={page.visuallyHidden}>{t("internalChat.popover.count", { count: total })}</span>
        : null}
    </>
  );
}
