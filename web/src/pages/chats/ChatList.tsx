import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { Chat } from "../../api/chats.ts";
import { EditDeleteButtons } from "../../components/EditDeleteButtons.tsx";
import * as page from "../../components/page.css.ts";
import { isNearBottom } from "../../lib/nearBottom.ts";
import { canManageChat, unreadsOf } from "./chatState.ts";
import * as css from "./chats.css.ts";

interface Props {
  chats: Chat[];
  loading: boolean;
  selectedId: number | undefined;
  me: number | undefined;
  onMore: () => void;
  onEdit: (chat: Chat) => void;
  onDelete: (chat: Chat) => void;
}

export function ChatList(props: Props) {
  const { t } = useTranslation();
  if (!props.loading && props.chats.length === 0) return <p className={page.empty}>{t("internalChat.empty")}</p>;
  return (
    <ul
      className={css.list}
      aria-label={t("internalChat.list")}
      onScroll={(event) => isNearBottom(event.currentTarget) && props.onMore()}
    >
      {props.chats.map((chat) => {
        const unread = props.me === undefined ? 0 : unreadsOf(chat, props.me);
        return (
          <li key={chat.id} className={css.item} data-selected={chat.id === props.selectedId}>
            <Link
              href={`/chats/${chat.uuid}`}
              className={css.link}
              aria-current={chat.id === props.selectedId ? "page" : undefined}
            >
              <span className={css.name}>{chat.title}</span>
              <span className={css.last}>
                {chat.lastMessage}
                {unread > 0 ? <span className={page.visuallyHidden}>{` · ${t("internalChat.unread", { count: unread })}`}</span> : null}
              </span>
            </Link>
            {unread > 0 ? <span className={css.badge} aria-hidden="true">{unread}</span> : null}
            {canManageChat(chat, props.me)
              ? (
                <EditDeleteButtons
                  editLabel={t("internalChat.edit", { title: chat.title })}
                  deleteLabel={t("internalChat.delete", { title: chat.title })}
                  onEdit={() => props.onEdit(chat)}
                  onDelete={() => props.onDelete(chat)}
                />
              )
              : null}
          </li>
        );
      })}
    </ul>
  );
}
