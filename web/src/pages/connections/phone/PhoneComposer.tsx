import { type KeyboardEvent, useRef, useState } from "react";
import { Button, Input, TextField } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { SandboxLocation } from "../../../api/whatsapps.ts";
import { IconButton } from "../../../components/IconButton.tsx";
import {
  type Bubble,
  isValidCustomerNumber,
  phoneNumberDigits,
  previewText,
  quoteIdOf,
  type SentExtras,
} from "./conversation.ts";
import * as css from "./phone.css.ts";
import { PhoneField } from "./PhoneField.tsx";
import type { Outgoing } from "./usePhoneConversation.ts";

interface Props {
  disabled: boolean;
  sending: boolean;
  replyTo: Bubble | null;
  onCancelReply: () => void;
  onSend: (outgoing: Outgoing, extras: SentExtras) => Promise<boolean>;
}

type Extra = "location" | "contact" | null;

/** Parse a coordinate typed with a dot or a comma; null when out of range. */
export function parseCoordinate(value: string, limit: number): number | null {
  const trimmed = value.trim().replace(",", ".");
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return null;
  const number = Number(trimmed);
  return Math.abs(number) <= limit ? number : null;
}

/** What the simulated customer types: text (Enter sends), files, a location, a contact card. */
export function PhoneComposer({ disabled, sending, replyTo, onCancelReply, onSend }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [extra, setExtra] = useState<Extra>(null);
  const [location, setLocation] = useState({
    latitude: "-23.5505",
    longitude: "-46.6333",
    name: "",
    address: "",
  });
  const [contact, setContact] = useState({ name: "", number: "" });
  const [tried, setTried] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const blocked = disabled || sending;
  const labels = { media: t("phone.attachment"), location: t("phone.location") };

  // The customer's own messages are quoted by our id; the company's by their WhatsApp id.
  const quoting = (): { quote: { quotedId?: number; quotedWid?: string }; extras: SentExtras } => {
    if (!replyTo) return { quote: {}, extras: {} };
    const quotedId = quoteIdOf(replyTo);
    const quote = quotedId !== null ? { quotedId } : { quotedWid: replyTo.wid };
    return { quote, extras: { quotedWid: replyTo.wid } };
  };

  const done = (sent: boolean) => {
    if (!sent) return;
    setText("");
    setTried(false);
    setExtra(null);
    onCancelReply();
  };

  const sendText = async () => {
    const body = text.trim();
    if (!body || blocked) return;
    const { quote, extras } = quoting();
    done(await onSend({ body, ...quote }, extras));
  };

  const sendFiles = async (files: File[]) => {
    if (files.length === 0 || blocked) return;
    const { quote, extras } = quoting();
    done(await onSend({ body: text.trim() || undefined, ...quote, medias: files }, extras));
  };

  const latitude = parseCoordinate(location.latitude, 90);
  const longitude = parseCoordinate(location.longitude, 180);
  const sendLocation = async () => {
    setTried(true);
    if (latitude === null || longitude === null || blocked) return;
    const place: SandboxLocation = {
      latitude,
      longitude,
      ...(location.name.trim() ? { name: location.name.trim() } : {}),
      ...(location.address.trim() ? { address: location.address.trim() } : {}),
    };
    const { quote, extras } = quoting();
    done(await onSend({ location: place, ...quote }, { ...extras, location: place }));
  };

  const contactDigits = phoneNumberDigits(contact.number);
  const contactValid = contact.name.trim() !== "" && isValidCustomerNumber(contactDigits);
  const sendContact = async () => {
    setTried(true);
    if (!contactValid || blocked) return;
    const card = { name: contact.name.trim(), number: contactDigits };
    const { quote, extras } = quoting();
    done(await onSend({ vcard: card, ...quote }, { ...extras, contact: card }));
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      void sendText();
    }
  };

  const toggle = (next: Extra) => {
    setTried(false);
    setExtra((current) => current === next ? null : next);
  };

  return (
    <div className={css.composer}>
      {replyTo
        ? (
          <div className={css.replyBar}>
            <span className={css.replyText}>
              {t("phone.replyingTo", { text: previewText(replyTo, labels) })}
            </span>
            <IconButton
              icon="close"
              size={16}
              label={t("phone.cancelReply")}
              onPress={onCancelReply}
            />
          </div>
        )
        : null}
      {extra === "location"
        ? (
          <div className={css.extraPanel} role="group" aria-label={t("phone.sendLocation")}>
            <span className={css.extraTitle}>{t("phone.sendLocation")}</span>
            <PhoneField
              label={t("phone.latitude")}
              value={location.latitude}
              inputMode="decimal"
              onChange={(latitude) => setLocation((old) => ({ ...old, latitude }))}
              error={tried && latitude === null ? t("phone.invalidCoordinate") : null}
              autoFocus
            />
            <PhoneField
              label={t("phone.longitude")}
              value={location.longitude}
              inputMode="decimal"
              onChange={(longitude) => setLocation((old) => ({ ...old, longitude }))}
              error={tried && longitude === null ? t("phone.invalidCoordinate") : null}
            />
            <PhoneField
              label={t("phone.placeName")}
              value={location.name}
              onChange={(name) => setLocation((old) => ({ ...old, name }))}
            />
            <PhoneField
              label={t("phone.placeAddress")}
              value={location.address}
              onChange={(address) => setLocation((old) => ({ ...old, address }))}
            />
            <div className={css.extraActions}>
              <Button className={css.smallButton} onPress={() => setExtra(null)}>
                {t("common.cancel")}
              </Button>
              <Button className={css.smallPrimary} onPress={sendLocation} isDisabled={blocked}>
                {t("phone.send")}
              </Button>
            </div>
          </div>
        )
        : null}
      {extra === "contact"
        ? (
          <div className={css.extraPanel} role="group" aria-label={t("phone.sendContact")}>
            <span className={css.extraTitle}>{t("phone.sendContact")}</span>
            <PhoneField
              label={t("phone.contactName")}
              value={contact.name}
              onChange={(name) => setContact((old) => ({ ...old, name }))}
              error={tried && !contact.name.trim() ? t("validation.required") : null}
              autoFocus
            />
            <PhoneField
              label={t("phone.contactNumber")}
              value={contact.number}
              inputMode="tel"
              onChange={(number) => setContact((old) => ({ ...old, number }))}
              error={tried && !isValidCustomerNumber(contactDigits)
                ? t("phone.invalidNumber")
                : null}
            />
            <div className={css.extraActions}>
              <Button className={css.smallButton} onPress={() => setExtra(null)}>
                {t("common.cancel")}
              </Button>
              <Button className={css.smallPrimary} onPress={sendContact} isDisabled={blocked}>
                {t("phone.send")}
              </Button>
            </div>
          </div>
        )
        : null}
      <div className={css.composerRow}>
        <IconButton
          icon="attach"
          label={t("phone.attach")}
          onPress={() => fileInput.current?.click()}
          isDisabled={blocked}
        />
        <input
          ref={fileInput}
          type="file"
          multiple
          className={css.hiddenInput}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const files = Array.from(event.currentTarget.files ?? []);
            event.currentTarget.value = "";
            void sendFiles(files);
          }}
        />
        <IconButton
          icon="location"
          label={t("phone.sendLocation")}
          onPress={() => toggle("location")}
          isDisabled={blocked}
          aria-expanded={extra === "location"}
        />
        <IconButton
          icon="contactCard"
          label={t("phone.sendContact")}
          onPress={() => toggle("contact")}
          isDisabled={blocked}
          aria-expanded={extra === "contact"}
        />
        <TextField
          aria-label={t("phone.message")}
          value={text}
          onChange={setText}
          isDisabled={disabled}
          className={css.composerField}
        >
          <Input
            className={css.composerInput}
            placeholder={t("phone.messagePlaceholder")}
            onKeyDown={onKeyDown}
          />
        </TextField>
        <IconButton
          icon="send"
          label={t("phone.send")}
          onPress={sendText}
          isDisabled={blocked || !text.trim()}
        />
      </div>
    </div>
  );
}
