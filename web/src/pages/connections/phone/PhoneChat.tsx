import { useEffect, useRef, useState } from "react";
import { Button } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Bubble } from "./conversation.ts";
import * as css from "./phone.css.ts";
import { PhoneBubble } from "./PhoneBubble.tsx";
import { PhoneComposer } from "./PhoneComposer.tsx";
import type { usePhoneConversation } from "./usePhoneConversation.ts";

interface Props {
  conversation: ReturnType<typeof usePhoneConversation>;
  /** The connection's name, as the customer sees the company. */
  companyName: string;
  /** The composer waits (the number is still being typed). */
  disabled?: boolean;
}

/**
 * The simulated customer's conversation with the company: the messages, live, and the
 * composer the customer writes with. The phone panel and the flow editor's Testar show it.
 */
export function PhoneChat({ conversation, companyName, disabled = false }: Props) {
  const { t } = useTranslation();
  const [replyTo, setReplyTo] = useState<Bubble | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const bubbles = conversation.bubbles;
  const lastKey = bubbles.at(-1)?.key;

  // Keep the newest message in view.
  useEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastKey]);

  const byWid = new Map(
    bubbles.filter((bubble) => bubble.wid).map((bubble) => [bubble.wid, bubble]),
  );

  return (
    <>
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
            companyName={companyName}
            onReply={setReplyTo}
          />
        ))}
      </div>
      <PhoneComposer
        disabled={!conversation.valid || disabled}
        sending={conversation.sending}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onSend={conversation.send}
      />
    </>
  );
}
