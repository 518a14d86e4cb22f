/** The emoji picker itself (frimousse); loaded only when the Emoji button is first pressed. */
import { EmojiPicker, type EmojiPickerListComponents } from "frimousse";
import { useTranslation } from "react-i18next";
import * as css from "./emoji.css.ts";

const components: Partial<EmojiPickerListComponents> = {
  CategoryHeader: ({ category, ...props }) => (
    <div {...props} className={css.categoryHeader}>{category.label}</div>
  ),
  Row: ({ children, ...props }) => <div {...props} className={css.row}>{children}</div>,
  Emoji: ({ emoji, ...props }) => <button {...props} className={css.emoji}>{emoji.emoji}</button>,
};

export default function EmojiPanel({ onPick }: { onPick: (emoji: string) => void }) {
  const { t, i18n } = useTranslation();
  return (
    <EmojiPicker.Root
      className={css.root}
      locale={i18n.language}
      columns={8}
      onEmojiSelect={({ emoji }) => onPick(emoji)}
      // Served by our own server (vite.config.ts copies Emojibase's data into the build).
      emojibaseUrl="/emoji"
    >
      <EmojiPicker.Search
        className={css.search}
        placeholder={t("chat.composer.emojiSearch")}
        aria-label={t("chat.composer.emojiSearch")}
        autoFocus
      />
      <EmojiPicker.Viewport className={css.viewport}>
        <EmojiPicker.Loading className={css.status}>
          {t("chat.composer.emojiLoading")}
        </EmojiPicker.Loading>
        <EmojiPicker.Empty className={css.status}>
          {t("chat.composer.emojiEmpty")}
        </EmojiPicker.Empty>
        <EmojiPicker.List className={css.list} components={components} />
      </EmojiPicker.Viewport>
    </EmojiPicker.Root>
  );
}
