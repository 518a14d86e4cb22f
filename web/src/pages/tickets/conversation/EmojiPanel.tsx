/** The emoji picker itself (frimousse); loaded only when the Emoji button is first pressed. */
import { defaultEmojiDataResolver, EmojiPicker, type EmojiPickerListComponents } from "frimousse";
import { useTranslation } from "react-i18next";
import { fallbackEmojiData } from "./emojiFallback.ts";
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
      resolveEmojiData={async (locale, options) => {
        try {
          return await defaultEmojiDataResolver(locale, options);
        } catch (error) {
          if (options.signal?.aborted) throw error;
          return fallbackEmojiData(locale);
        }
      }}
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
