import { Button, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Message, QuotedMessage } from "../../../api/messages.ts";
import * as controls from "../../../components/controls.css.ts";
import { Icon } from "../../../components/Icon.tsx";
import { formatTime } from "../../../lib/format.ts";
import { ackLabel, bubbleKind, deliveryState } from "./messageContent.ts";
import { MessageMedia } from "./MessageMedia.tsx";
import { WhatsappText } from "../../../components/WhatsappText.tsx";
import * as css from "./conversation.css.ts";

interface Props {
  message: Message;
  /** Name shown over quotes of the contact's messages. */
  contactName: string;
  /** Without it the bubble has no menu (a read-only view such as the admin's peek). */
  onReply?: (message: Message) => void;
  /** Offered for our own messages only; the server refuses the others. */
  onDelete?: (message: Message) => void;
}

/**
 * One message: bubble by media type, quote above, time, edited mark and ticks below. It
 * needs no conversation around it, so a read-only view can show it as it is.
 */
export function MessageBubble({ message, contactName, onReply, onDelete }: Props) {
  const { t } = useTranslation();
  const kind = bubbleKind(message);
  const time = formatTime(message.createdAt);
  const testProps = { "data-testid": "message", "data-message-id": message.id };

  if (kind === "call") {
    return (
      <div className={css.systemLine} {...testProps}>
        <Icon name="callMissed" size={16} />
        {message.body?.trim() || t("messages.callLog")}
        <time dateTime={message.createdAt}>{time}</time>
      </div>
    );
  }

  if (kind === "reaction") {
    const emoji = message.meta?.reaction?.emoji || message.body;
    return (
      <div className={message.fromMe ? css.rowMine : css.row} {...testProps}>
        <span className={css.reaction} aria-label={t("messages.reaction", { emoji })} role="img">
          {emoji}
          <time className={css.reactionTime} dateTime={message.createdAt}>{time}</time>
        </span>
      </div>
    );
  }

  const deleted = kind === "deleted";
  const body = kind === "text" && !deleted
    ? (
      <p className={css.text}>
        <WhatsappText text={message.body ?? ""} />
      </p>
    )
    : deleted
    ? <p className={`${css.text} ${css.muted}`}>{t("messages.deleted")}</p>
    : <MessageMedia message={message} kind={kind} />;

  return (
    <div className={message.fromMe ? css.rowMine : css.row} {...testProps}>
      <div className={kind === "sticker" ? css.bare : message.fromMe ? css.bubbleMine : css.bubble}>
        {deleted || !onReply ? null : (
          <MessageMenu
            onReply={() => onReply(message)}
            onDelete={onDelete && message.fromMe ? () => onDelete(message) : undefined}
          />
        )}
        {message.quotedMsg && !deleted
          ? <Quote quoted={message.quotedMsg} contactName={contactName} />
          : null}
        {body}
        <div className={css.meta}>
          {message.isEdited && !deleted ? <span>{t("messages.edited")}</span> : null}
          <time dateTime={message.createdAt}>{time}</time>
          {message.fromMe ? <AckMark message={message} /> : null}
        </div>
      </div>
    </div>
  );
}

function AckMark({ message }: { message: Pick<Message, "ack" | "failed" | "failedCode"> }) {
  const { t } = useTranslation();
  const state = deliveryState(message);
  const icon = state === "failed"
    ? "mediaError"
    : state === "pending"
    ? "clock"
    : state === "sent"
    ? "check"
    : "doneAll";
  const { key, code } = ackLabel(message);
  const label = t(key, { code });
  return (
    <span
      className={state === "failed" ? css.ackFailed : state === "read" ? css.ackRead : css.ack}
      role="img"
      aria-label={label}
      title={label}
      data-ack={state}
    >
      <Icon name={icon} size={15} />
    </span>
  );
}

/** The replied-to message, shortened, above the reply. */
export function Quote({ quoted, contactName }: { quoted: QuotedMessage; contactName: string }) {
  const { t } = useTranslation();
  return (
    <div className={css.quoted}>
      <span className={css.quotedAuthor}>
        {quoted.fromMe ? t("messages.you") : quoted.contact?.name || contactName}
      </span>
      <span className={css.quotedBody}>{previewOf(quoted, t)}</span>
    </div>
  );
}

/** A one-glance text for a quoted message: its body, or what kind of media it is. */
export function previewOf(
  message: Pick<QuotedMessage, "body" | "mediaType">,
  t: (key: string) => string,
): string {
  if (message.body?.trim()) return message.body;
  const labels: Record<string, string> = {
    image: "messages.image",
    video: "messages.video",
    audio: "messages.audio",
    sticker: "messages.sticker",
    application: "messages.document",
    locationMessage: "messages.location",
    liveLocationMessage: "messages.liveLocation",
    vcard: "messages.contact",
    contactMessage: "messages.contact",
    unsupported: "messages.unsupported.other",
  };
  const key = labels[message.mediaType];
  return key ? t(key) : "";
}

interface MenuProps {
  onReply: () => void;
  /** Absent for the contact's messages. */
  onDelete?: () => void;
}

/** Reply to any message; delete only our own (the server refuses the others). */
function MessageMenu({ onReply, onDelete }: MenuProps) {
  const { t } = useTranslation();
  return (
    <MenuTrigger>
      <Button className={css.menuButton} aria-label={t("messages.options")}>
        <Icon name="chevronDown" size={18} />
      </Button>
      <Popover className={controls.popover} placement="bottom end">
        <Menu
          className={controls.listBox}
          onAction={(key) => (key === "delete" ? onDelete?.() : onReply())}
        >
          <MenuItem id="reply" className={controls.option}>{t("messages.reply")}</MenuItem>
          {onDelete
            ? <MenuItem id="delete" className={controls.option}>{t("messages.delete")}</MenuItem>
            : null}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
