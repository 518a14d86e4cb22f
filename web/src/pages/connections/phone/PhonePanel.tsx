import { useState } from "react";
import { Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Whatsapp } from "../../../api/whatsapps.ts";
import { IconButton } from "../../../components/IconButton.tsx";
import { useDebouncedValue } from "../../../lib/useDebouncedValue.ts";
import { isValidCustomerNumber, phoneNumberDigits } from "./conversation.ts";
import * as css from "./phone.css.ts";
import { PhoneChat } from "./PhoneChat.tsx";
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
  const typedNumber = phoneNumberDigits(numberText);
  const number = useDebouncedValue(typedNumber, 500);
  const conversation = usePhoneConversation(companyId, whatsapp.id, number, name);
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
          {/* A reply belongs to one conversation: a new number starts a new chat. */}
          <PhoneChat
            key={number}
            conversation={conversation}
            companyName={whatsapp.name}
            disabled={number !== typedNumber}
          />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
