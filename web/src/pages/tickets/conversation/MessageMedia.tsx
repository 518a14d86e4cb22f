import { useState } from "react";
import { Button } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Message } from "../../../api/messages.ts";
import { AppDialog } from "../../../components/AppDialog.tsx";
import { Icon } from "../../../components/Icon.tsx";
import { type BubbleKind, locationOf, parseVcard, unsupportedKind } from "./messageContent.ts";
import { WhatsappText } from "../../../components/WhatsappText.tsx";
import * as css from "./conversation.css.ts";

/** The media types whose file comes from mediaUrl. */
const FILE_KINDS: readonly BubbleKind[] = ["image", "video", "audio", "sticker", "document"];

/** A caption, unless the body only repeats the file name (as stored for documents). */
function Caption({ message }: { message: Message }) {
  const body = message.body?.trim();
  if (!body || body === message.mediaName) return null;
  return (
    <p className={css.caption}>
      <WhatsappText text={message.body} />
    </p>
  );
}

/** What an AI agent heard in a voice note, under its player. */
function Transcript({ message }: { message: Message }) {
  const { t } = useTranslation();
  if (!message.transcript) return null;
  return (
    <blockquote className={css.transcript} aria-label={t("voiceNotes.transcript")}>
      <span className={css.transcriptLabel}>{t("voiceNotes.transcript")}</span>
      <WhatsappText text={message.transcript} />
    </blockquote>
  );
}

function ImageMessage({ message, url }: { message: Message; url: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const alt = message.mediaName || t("messages.image");
  return (
    <>
      <Button
        className={css.imageButton}
        aria-label={t("messages.viewImage")}
        onPress={() => setOpen(true)}
      >
        <img className={css.image} src={url} alt={alt} loading="lazy" />
      </Button>
      {open
        ? (
          <AppDialog title={alt} isOpen onClose={() => setOpen(false)} wide>
            <img className={css.fullImage} src={url} alt={alt} />
          </AppDialog>
        )
        : null}
      <Caption message={message} />
    </>
  );
}

function LocationMessage({ message }: { message: Message }) {
  const { t } = useTranslation();
  const place = locationOf(message);
  const live = message.mediaType === "liveLocationMessage";
  if (!place) return <p className={css.muted}>{t("messages.location")}</p>;
  return (
    <a className={css.location} href={place.url} target="_blank" rel="noopener noreferrer">
      {place.image ? <img className={css.locationImage} src={place.image} alt="" /> : null}
      <span className={css.locationLine}>
        <Icon name="location" />
        <span className={css.attachmentName}>
          <span className={css.placeName}>
            {place.name || t(live ? "messages.liveLocation" : "messages.location")}
          </span>
          {place.address ? <span className={css.placeAddress}>{` · ${place.address}`}</span> : null}
          <span className={css.placeAddress}>{` · ${t("messages.openMap")}`}</span>
        </span>
      </span>
    </a>
  );
}

function ContactMessage({ message }: { message: Message }) {
  const { t } = useTranslation();
  const cards = (message.meta?.vcards ?? []).map(parseVcard);
  if (cards.length === 0) {
    return <p className={css.text}>{message.body || t("messages.contact")}</p>;
  }
  return (
    <>
      {cards.map((card, index) => (
        <div key={index} className={css.attachment}>
          <Icon name="contactCard" />
          <span className={css.attachmentName}>
            <span className={css.placeName}>{card.name || t("messages.contact")}</span>
            {card.number ? <span className={css.placeAddress}>{` · +${card.number}`}</span> : null}
          </span>
        </div>
      ))}
    </>
  );
}

/** Everything a bubble can hold except plain text, reactions and call lines. */
export function MessageMedia({ message, kind }: { message: Message; kind: BubbleKind }) {
  const { t } = useTranslation();
  const url = message.mediaUrl;
  if (kind === "location") return <LocationMessage message={message} />;
  if (kind === "unsupported") {
    return (
      <>
        <div className={css.mediaFailed} role="note">
          <Icon name="mediaError" size={18} />
          {t(`messages.unsupported.${unsupportedKind(message)}`)}
        </div>
        <Caption message={message} />
      </>
    );
  }
  if (kind === "contact") return <ContactMessage message={message} />;
  if (kind === "mediaError" || (FILE_KINDS.includes(kind) && !url)) {
    return (
      <>
        <div className={css.mediaFailed} role="note">
          <Icon name="mediaError" size={18} />
          {t("messages.mediaError")}
        </div>
        <Caption message={message} />
      </>
    );
  }
  if (!url) return null;
  switch (kind) {
    case "image":
      return <ImageMessage message={message} url={url} />;
    case "video":
      return (
        <>
          <video className={css.video} src={url} controls preload="metadata" />
          <Caption message={message} />
        </>
      );
    case "audio":
      return (
        <>
          <audio className={css.audio} src={url} controls preload="metadata" />
          <Transcript message={message} />
          <Caption message={message} />
        </>
      );
    case "sticker":
      return <img className={css.sticker} src={url} alt={t("messages.sticker")} loading="lazy" />;
    case "document": {
      const name = message.mediaName || t("messages.document");
      return (
        <>
          <a
            className={css.attachment}
            href={url}
            download={message.mediaName ?? ""}
            aria-label={t("messages.download", { name })}
          >
            <Icon name="fileDocument" />
            <span className={css.attachmentName}>{name}</span>
            <Icon name="fileDownload" />
          </a>
          <Caption message={message} />
        </>
      );
    }
    default:
      return null;
  }
}
