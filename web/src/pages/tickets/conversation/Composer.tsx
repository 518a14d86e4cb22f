import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { Button as AriaButton, FileTrigger, TextArea, TextField } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { Message } from "../../../api/messages.ts";
import type { Ticket } from "../../../api/tickets.ts";
import * as controls from "../../../components/controls.css.ts";
import { Icon } from "../../../components/Icon.tsx";
import { IconButton } from "../../../components/IconButton.tsx";
import { SwitchField } from "../../../components/SwitchField.tsx";
import { toast } from "../../../components/toast.ts";
import { keys, read, write } from "../../../lib/storage.ts";
import { previewOf } from "./MessageBubble.tsx";
import { StatusActions } from "./TicketHeader.tsx";
import type { TicketActions } from "./useTicketActions.ts";
import * as css from "./conversation.css.ts";

/** The text area grows with its lines up to this many rows (spec). */
const MAX_ROWS = 5;

interface Props {
  ticket: Ticket;
  actions: TicketActions;
  /** The message being replied to, shown above the input. */
  replyTo: Message | null;
  onCancelReply: () => void;
  onSent: (message: Message) => void;
}

/**
 * Text (Enter sends, Shift+Enter breaks the line), attachments, reply and the sign
 * switch. Only an open ticket can be answered; otherwise a hint offers the way to open it.
 */
export function Composer({ ticket, actions, replyTo, onCancelReply, onSent }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [sign, setSign] = useState(() => read(keys.signMessage) !== "false");
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const open = ticket.status === "open";
  const canSend = open && !sending && (text.trim() !== "" || files.length > 0);

  // Choosing "reply" puts the cursor where the answer goes.
  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  const changeSign = (value: boolean) => {
    setSign(value);
    write(keys.signMessage, String(value));
  };

  const send = async () => {
    if (!canSend) return;
    const body = text.trim();
    const options = { quotedMsg: replyTo?.id, sign };
    setSending(true);
    try {
      if (files.length > 0) {
        for (const message of await api.messages.sendMedia(ticket.id, files, body, options)) {
          onSent(message);
        }
      } else {
        onSent(await api.messages.sendText(ticket.id, body, options));
      }
      setText("");
      setFiles([]);
      onCancelReply();
    } catch (error) {
      toast.apiError(error);
    } finally {
      setSending(false);
      input.current?.focus();
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  const rows = Math.min(MAX_ROWS, Math.max(1, text.split("\n").length));

  return (
    <div className={css.composer}>
      {!open
        ? (
          <div className={css.hint} role="status">
            <span>
              {ticket.status === "pending"
                ? t("messages.composer.acceptHint")
                : t("messages.composer.closedHint")}
            </span>
            <StatusActions ticket={ticket} actions={actions} />
          </div>
        )
        : null}
      {replyTo && open
        ? (
          <div className={css.replyBar}>
            <span className={css.replyText}>
              <span className={css.quotedAuthor}>
                {replyTo.fromMe
                  ? t("messages.you")
                  : ticket.contact?.name || ticket.contact?.number}
              </span>
              <span className={css.quotedBody}>{previewOf(replyTo, t)}</span>
            </span>
            <IconButton
              icon="close"
              label={t("messages.composer.cancelReply")}
              onPress={onCancelReply}
            />
          </div>
        )
        : null}
      {files.length > 0 && open
        ? (
          <ul className={css.files} aria-label={t("messages.composer.files")}>
            {files.map((file, index) => (
              <li key={`${file.name}-${index}`} className={css.fileChip}>
                <span className={css.fileName}>{file.name}</span>
                <IconButton
                  icon="close"
                  size={16}
                  label={t("messages.composer.removeFile", { name: file.name })}
                  onPress={() => setFiles((held) => held.filter((_, at) => at !== index))}
                />
              </li>
            ))}
          </ul>
        )
        : null}
      <div className={css.inputRow}>
        <FileTrigger
          allowsMultiple
          onSelect={(list) => list && setFiles((held) => [...held, ...Array.from(list)])}
        >
          <AriaButton
            className={controls.iconButton}
            aria-label={t("messages.composer.attach")}
            isDisabled={!open || sending}
          >
            <Icon name="attach" />
          </AriaButton>
        </FileTrigger>
        <TextField
          className={css.textField}
          aria-label={t("messages.composer.label")}
          value={text}
          onChange={setText}
          isDisabled={!open}
        >
          <TextArea
            ref={input}
            className={css.textArea}
            rows={rows}
            placeholder={open ? t("messages.composer.placeholder") : undefined}
            onKeyDown={onKeyDown}
          />
        </TextField>
        <IconButton
          icon="send"
          label={t("messages.composer.send")}
          onPress={() => void send()}
          isDisabled={!canSend}
        />
      </div>
      <div className={css.signSwitch}>
        <SwitchField
          label={t("messages.composer.sign")}
          isSelected={sign}
          onChange={changeSign}
          isDisabled={!open}
        />
      </div>
    </div>
  );
}
