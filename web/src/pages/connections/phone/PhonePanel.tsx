import { useEffect, useRef, useState } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Whatsapp } from "../../../api/whatsapps.ts";
import { IconButton } from "../../../components/IconButton.tsx";
import { useDebouncedValue } from "../../../lib/useDebouncedValue.ts";
import { type Bubble, isValidCustomerNumber, phoneNumberDigits } from "./conversation.ts";
import * as css from "./phone.css.ts";
import { PhoneBubble } from "./PhoneBubble.tsx";
import { PhoneComposer } from "./PhoneComposer.tsx";
import { PhoneField } from "./PhoneField.tsx";
import { usePhoneConversation } from "./usePhoneConversation.ts";

interface Props {
  companyId: number;
  /** A connection whose provider is "sandbox". */
  whatsapp: Whatsapp;
  onClose: () => void;
}

/**
 * The customer's phone, simulated: whoever opens it plays a customer writing to a sandbox
 * connection. What the company answers (from the ticket desk, bots, the send API) shows
 * up here live, with its delivery ticks.
 */
export function PhonePanel({ companyId, whatsapp, onClose }: Props) {
  const { t } = useTranslation();
  const [numberText, setNumberText] = useState("5511987654321");
  const [name, setName] = useState(t("phone.defaultName"));
  const [replyTo, setReplyTo] = useState<Bubble | null>(null);
  const typedNumber = phoneNumberDigits(numberText);
  const number = useDebouncedValue(typedNumber, 500);
  const conversation = usePhoneConversation(companyId, whatsapp.id, number, name);
  const scroller = useRef<HTMLDivElement>(null);
  const bubbles = conversation.bubbles;
  const lastKey = bubbles.at(-1)?.key;

  // Keep the newest message in view.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastKey]);

  // A reply belongs to one conversation.
  useEffect(() => setReplyTo(null), [number]);

  const byWid = new Map(
    bubbles.filter((bubble) => bubble.wid).map((bubble) => [bubble.wid, bubble]),
  );
  const numberError = typedNumber && !isValidCustomerNumber(typedNumber)
    ? t("phone.invalidNumber")
    : null;

  return (
    <ModalOverlay
      className={css.overlay}
      isOpen
      isDismissable
      onOpenChange={(open) => !open && onClose()}
    >
      <Modal className={css.modal}>
        <Dialog className={css.frame}>
          <div className={css.notch} aria-hidden="true">
            <span className={css.notchBar} />
          </div>
          <div className={css.header}>
            <div className={css.headerText}>
              <Heading slot="title" className={css.title}>{t("phone.title")}</Heading>
              <span className={css.subtitle}>
                {t("phone.subtitle", { name: whatsapp.name })}
              </span>
              <span className={css.simulation}>{t("phone.simulation")}</span>
            </div>
            <span className={css.onBar}>
              <IconButton icon="close" label={t("common.close")} onPress={onClose} />
            </span>
          </div>
          <div className={css.identity}>
            <PhoneField
              label={t("phone.number")}
              value={numberText}
              inputMode="tel"
              onChange={setNumberText}
              error={numberError}
              autoFocus
            />
            <PhoneField label={t("phone.name")} value={name} onChange={setName} />
          </div>
          <div
            ref={scroller}
            className={css.conversation}
            role="log"
            aria-live="polite"
            aria-label={t("phone.conversation")}
          >
            <p className={css.notice}>{t("phone.notice")}</p>
            {conversation.hasMore
              ? (
                <Button
                  className={css.olderButton}
                  onPress={conversation.loadOlder}
                  isDisabled={conversation.loading}
                >
                  {t("phone.loadOlder")}
                </Button>
              )
              : null}
            {conversation.valid && conversation.loading && bubbles.length === 0
              ? <p className={css.notice}>{t("app.loading")}</p>
              : null}
            {bubbles.map((bubble) => (
              <PhoneBubble
                key={bubble.key}
                bubble={bubble}
                quoted={bubble.quotedWid ? byWid.get(bubble.quotedWid) : undefined}
                companyName={whatsapp.name}
                onReply={setReplyTo}
              />
            ))}
          </div>
          <PhoneComposer
            disabled={!conversation.valid || number !== typedNumber}
            sending={conversation.sending}
            replyTo={replyTo}
            onCancelReply={() => setReplyTo(null)}
            onSend={conversation.send}
          />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
