import { Button } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon.tsx";
import { WhatsappText } from "../../../components/WhatsappText.tsx";
import {
  ackLevel,
  type Bubble,
  mediaKind,
  previewText,
  quoteIdOf,
} from "./conversation.ts";
import * as css from "./phone.css.ts";

interface Props {
  bubble: Bubble;
  /** The message this one replies to, when it is on screen. */
  quoted: Bubble | undefined;
  /** Label of the company side (the connection's name). */
  companyName: string;
  onReply: (bubble: Bubble) => void;
}

const pad = (value: number) => String(value).padStart(2, "0");

function clock(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** One message on the simulated phone: the customer's on the right, the company's on the left. */
export function PhoneBubble({ bubble, quoted, companyName, onReply }: Props) {
  const { t } = useTranslation();
  const labels = { media: t("phone.attachment"), location: t("phone.location") };
  const mine = bubble.side === "customer";
  const caption = bubble.body && bubble.body !== bubble.mediaName ? bubble.body : "";

  const media = () => {
    if (!bubble.mediaUrl) return null;
    const name = bubble.mediaName || bubble.body || t("phone.attachment");
    switch (mediaKind(bubble.mediaType)) {
      case "image":
        return <img className={css.media} src={bubble.mediaUrl} alt={name} />;
      case "video":
        return <video className={css.media} src={bubble.mediaUrl} controls aria-label={name} />;
      case "audio":
        return <audio src={bubble.mediaUrl} controls aria-label={name} />;
      default:
        return (
          <a className={css.link} href={bubble.mediaUrl} target="_blank" rel="noreferrer">
            {name}
          </a>
        );
    }
  };

  const ack = () => {
    if (mine || bubble.ack === null) return null;
    const level = ackLevel(bubble.ack);
    const icon = level === "pending" ? "clock" : level === "sent" ? "check" : "doneAll";
    return (
      <span
        className={level === "read" ? css.ackRead : css.ack}
        role="img"
        aria-label={t(`phone.ack.${level}`)}
        title={t(`phone.ack.${level}`)}
      >
        <Icon name={icon} size={14} />
      </span>
    );
  };

  return (
    <div
      className={mine ? css.mine : css.theirs}
      role="article"
      aria-label={mine ? t("phone.fromCustomer") : t("phone.fromCompany", { name: companyName })}
    >
      {mine ? null : <div className={css.sender}>{companyName}</div>}
      {bubble.quotedWid
        ? (
          <div className={css.quote}>
            {quoted ? previewText(quoted, labels) : t("phone.quotedUnavailable")}
          </div>
        )
        : null}
      {bubble.deleted ? <span className={css.deleted}>{t("phone.deleted")}</span> : (
        <>
          {media()}
          {bubble.location
            ? (
              <div className={css.special}>
                <Icon name="location" size={16} />
                <a
                  className={css.link}
                  target="_blank"
                  rel="noreferrer"
                  href={`https://www.openstreetmap.org/?mlat=${bubble.location.latitude}&mlon=${bubble.location.longitude}`}
                >
                  {bubble.location.name ||
                    `${bubble.location.latitude}, ${bubble.location.longitude}`}
                </a>
              </div>
            )
            : null}
          {bubble.contact
            ? (
              <div className={css.special}>
                <Icon name="contactCard" size={16} />
                <span>{bubble.contact.name} · {bubble.contact.number}</span>
              </div>
            )
            : null}
          {caption && !(bubble.location || bubble.contact)
            ? (
              <div>
                <WhatsappText text={caption} />
              </div>
            )
            : null}
        </>
      )}
      <div className={css.meta}>
        <span>{clock(bubble.createdAt)}</span>
        {ack()}
        {bubble.deleted || quoteIdOf(bubble) === null ? null : (
          <Button
            className={css.replyButton}
            aria-label={t("phone.reply")}
            onPress={() => onReply(bubble)}
          >
            <Icon name="reply" size={14} />
          </Button>
        )}
      </div>
    </div>
  );
}
