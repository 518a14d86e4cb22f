import {
  type ClipboardEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Button as AriaButton, FileTrigger, TextArea, TextField } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { Message } from "../../../api/messages.ts";
import type { Ticket } from "../../../api/tickets.ts";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import * as controls from "../../../components/controls.css.ts";
import { Icon } from "../../../components/Icon.tsx";
import { IconButton } from "../../../components/IconButton.tsx";
import { SwitchField } from "../../../components/SwitchField.tsx";
import { toast } from "../../../components/toast.ts";
import { keys, read, write } from "../../../lib/storage.ts";
import { AttachPreview } from "./AttachPreview.tsx";
import { insertText, isSendable } from "./composerText.ts";
import { EmojiButton } from "./EmojiButton.tsx";
import { previewOf } from "./MessageBubble.tsx";
import { optionId, QuickAnswerList } from "./QuickAnswerList.tsx";
import type { QuickSuggestion } from "./quickAnswers.ts";
import { RecorderBar } from "./RecorderBar.tsx";
import { StatusActions } from "./TicketHeader.tsx";
import { useColleagueWarning } from "./useColleagueWarning.ts";
import { takeComposerFocus } from "../deskState.ts";
import { useDraftText } from "./useDraft.ts";
import { useQuickAnswers } from "./useQuickAnswers.ts";
import { useRecorder } from "./useRecorder.ts";
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
  /** The reply-to of the ticket's saved draft, handed back when the composer mounts. */
  onRestoreReply: (message: Message) => void;
  onSent: (message: Message) => void;
}

/**
 * Text (Enter sends, Shift+Enter breaks the line) with quick answers after "/", emoji,
 * attachments previewed before sending, voice notes, the reply bar and the sign switch.
 * Only an open ticket can be answered; otherwise a hint offers the way to open it.
 */
export function Composer(
  { ticket, actions, replyTo, onCancelReply, onRestoreReply, onSent }: Props,
) {
  const { t } = useTranslation();
  const [text, setText] = useDraftText(ticket.id, replyTo, onRestoreReply);
  const colleague = useColleagueWarning(ticket);
  const [pending, setPending] = useState<File[]>([]);
  const [sign, setSign] = useState(() => read(keys.signMessage) !== "false");
  const [sending, setSending] = useState(false);
  const [voiceBusy, setVoiceBusy] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const caret = useRef<number | null>(null);
  const listId = useId();
  const recorder = useRecorder();
  const open = ticket.status === "open";
  const recording = recorder.state === "recording";
  const canSend = open && !sending && isSendable(text);

  // A quick answer's attachment rides along with the text until sent or removed.
  const [quickMedia, setQuickMedia] = useState<{ id: number; name: string } | null>(null);

  const pickQuick = (suggestion: QuickSuggestion) => {
    setText(suggestion.message);
    setQuickMedia(suggestion.mediaName ? { id: suggestion.id, name: suggestion.mediaName } : null);
    caret.current = suggestion.message.length;
    input.current?.focus();
  };
  const quick = useQuickAnswers(text, pickQuick);

  // Aceitar (or Reabrir) hands the keyboard to the answer.
  useEffect(() => {
    if (open && takeComposerFocus(ticket.id)) input.current?.focus();
  }, [open, ticket.id]);

  // Choosing "reply" puts the cursor where the answer goes.
  useEffect(() => {
    if (replyTo) input.current?.focus();
  }, [replyTo]);

  // Grow with the text up to MAX_ROWS, then scroll inside; put the caret where an insert left it.
  useLayoutEffect(() => {
    const area = input.current;
    if (!area) return;
    const style = getComputedStyle(area);
    const line = parseFloat(style.lineHeight) || 20;
    const frame = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom) +
      parseFloat(style.borderTopWidth) + parseFloat(style.borderBottomWidth);
    const max = line * MAX_ROWS + frame;
    area.style.height = "auto";
    const wanted = area.scrollHeight + parseFloat(style.borderTopWidth) +
      parseFloat(style.borderBottomWidth);
    area.style.height = `${Math.min(wanted, max)}px`;
    area.style.overflowY = wanted > max ? "auto" : "hidden";
    if (caret.current !== null) {
      area.setSelectionRange(caret.current, caret.current);
      caret.current = null;
    }
  }, [text]);

  const changeSign = (value: boolean) => {
    setSign(value);
    write(keys.signMessage, String(value));
  };

  const afterSend = () => {
    onCancelReply();
    input.current?.focus();
  };

  const send = async () => {
    if (!canSend || !(await colleague.mayReply())) return;
    const body = text.trim();
    const media = quickMedia;
    // Cleared at once so what is typed next is never wiped; restored if the send fails.
    setText("");
    setQuickMedia(null);
    setSending(true);
    try {
      onSent(
        await api.messages.sendText(ticket.id, body, {
          quotedMsg: replyTo?.id,
          sign,
          quickMessageId: media?.id,
        }),
      );
      afterSend();
    } catch (error) {
      setText((current) => current || body);
      setQuickMedia((current) => current ?? media);
      toast.apiError(error);
    } finally {
      setSending(false);
    }
  };

  const sendFiles = async (files: File[], caption: string) => {
    if (!(await colleague.mayReply())) return false;
    try {
      const sent = await api.messages.sendMedia(ticket.id, files, caption, {
        quotedMsg: replyTo?.id,
        sign,
      });
      for (const message of sent) onSent(message);
      afterSend();
      return true;
    } catch (error) {
      toast.apiError(error);
      return false;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing || quick.onKeyDown(event)) return;
    if (event.key !== "Enter" || event.shiftKey) return;
    event.preventDefault();
    void send();
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData.files);
    if (!open || files.length === 0) return;
    event.preventDefault();
    setPending((held) => [...held, ...files]);
  };

  const addEmoji = (emoji: string) => {
    const area = input.current;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? start;
    const next = insertText(text, start, end, emoji);
    setText(next.text);
    caret.current = next.caret;
  };

  const showQuick = open && quick.suggestions.length > 0;

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
      {colleague.owner && open
        ? (
          <div className={css.hint} role="note" data-testid="colleague-ticket">
            {t("composer.colleagueTicket", { name: colleague.owner.name })}
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
      {quickMedia && open
        ? (
          <div className={css.replyBar} data-testid="quick-attachment">
            <Icon name="attach" />
            <span className={css.replyText}>
              {t("composer.quickAttachment", { name: quickMedia.name })}
            </span>
            <IconButton
              icon="close"
              label={t("composer.quickAttachmentRemove")}
              onPress={() => setQuickMedia(null)}
            />
          </div>
        )
        : null}
      {showQuick
        ? (
          <QuickAnswerList
            id={listId}
            suggestions={quick.suggestions}
            active={quick.active}
            onPick={pickQuick}
          />
        )
        : null}
      {recording || voiceBusy
        ? (
          <RecorderBar
            recorder={recorder}
            onRecorded={(file) => sendFiles([file], "")}
            busy={voiceBusy}
            onBusy={setVoiceBusy}
          />
        )
        : (
          <div className={css.inputRow}>
            <EmojiButton onPick={addEmoji} isDisabled={!open} />
            <FileTrigger
              allowsMultiple
              onSelect={(list) => list && setPending((held) => [...held, ...Array.from(list)])}
            >
              <AriaButton
                className={controls.iconButton}
                aria-label={t("messages.composer.attach")}
                isDisabled={!open}
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
                rows={1}
                placeholder={open ? t("messages.composer.placeholder") : undefined}
                onKeyDown={onKeyDown}
                onPaste={onPaste}
                aria-controls={showQuick ? listId : undefined}
                aria-activedescendant={showQuick ? optionId(listId, quick.active) : undefined}
                aria-autocomplete="list"
              />
            </TextField>
            <IconButton
              icon="send"
              label={t("messages.composer.send")}
              onPress={() => void send()}
              isDisabled={!canSend}
            />
            <IconButton
              icon="mic"
              label={t("chat.composer.record")}
              isDisabled={!open || sending}
              onPress={() => recorder.start().catch(() => toast.error(t("chat.composer.micError")))}
            />
          </div>
        )}
      <div className={css.signSwitch}>
        <SwitchField
          label={t("messages.composer.sign")}
          isSelected={sign}
          onChange={changeSign}
          isDisabled={!open}
        />
      </div>
      {pending.length > 0 && open
        ? (
          <AttachPreview
            files={pending}
            onChange={setPending}
            onClose={() => setPending([])}
            onSend={async (caption) => {
              if (await sendFiles(pending, caption)) setPending([]);
            }}
          />
        )
        : null}
      <ConfirmDialog
        isOpen={colleague.asking}
        title={t("composer.colleagueTitle", { name: colleague.owner?.name ?? "" })}
        message={t("composer.colleagueMessage", { name: colleague.owner?.name ?? "" })}
        confirmLabel={t("composer.colleagueSend")}
        confirmVariant="primary"
        onClose={colleague.cancel}
        onConfirm={colleague.confirm}
      />
    </div>
  );
}
