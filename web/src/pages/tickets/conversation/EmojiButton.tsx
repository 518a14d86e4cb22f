import { lazy, Suspense } from "react";
import { Button as AriaButton, Dialog, DialogTrigger, Popover } from "react-aria-components";
import { useTranslation } from "react-i18next";
import * as controls from "../../../components/controls.css.ts";
import { Icon } from "../../../components/Icon.tsx";
import * as css from "./conversation.css.ts";

// The picker and its data are fetched on first use; most messages carry no emoji.
const EmojiPanel = lazy(() => import("./EmojiPanel.tsx"));

interface Props {
  onPick: (emoji: string) => void;
  isDisabled: boolean;
}

/** Opens the emoji picker above the composer; it stays open for several picks (Esc closes). */
export function EmojiButton({ onPick, isDisabled }: Props) {
  const { t } = useTranslation();
  return (
    <DialogTrigger>
      <AriaButton
        className={controls.iconButton}
        aria-label={t("chat.composer.emoji")}
        isDisabled={isDisabled}
      >
        <Icon name="emoji" />
      </AriaButton>
      <Popover className={controls.popover} placement="top start">
        <Dialog className={css.emojiDialog} aria-label={t("chat.composer.emoji")}>
          <Suspense fallback={<p className={css.notice}>{t("chat.composer.emojiLoading")}</p>}>
            <EmojiPanel onPick={onPick} />
          </Suspense>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
