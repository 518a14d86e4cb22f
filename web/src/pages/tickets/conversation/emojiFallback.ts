/**
 * The emoji picker's data comes from Emojibase over the network. Where that is not reachable
 * (an offline installation, a blocked CDN) the picker still offers the everyday ones.
 */
import type { EmojiData } from "frimousse";

const groups: { label: string; emojis: [string, string][] }[] = [
  {
    label: "Smileys",
    emojis: [
      ["😀", "grinning face"],
      ["😁", "beaming face"],
      ["😂", "tears of joy"],
      ["🙂", "slightly smiling face"],
      ["😉", "winking face"],
      ["😊", "smiling face with smiling eyes"],
      ["😍", "heart eyes"],
      ["😘", "face blowing a kiss"],
      ["🤔", "thinking face"],
      ["😅", "grinning face with sweat"],
      ["😢", "crying face"],
      ["😮", "face with open mouth"],
      ["😴", "sleeping face"],
      ["😡", "angry face"],
      ["🥳", "partying face"],
      ["😎", "smiling face with sunglasses"],
    ],
  },
  {
    label: "Gestures",
    emojis: [
      ["👍", "thumbs up"],
      ["👎", "thumbs down"],
      ["👏", "clapping hands"],
      ["🙏", "folded hands"],
      ["👋", "waving hand"],
      ["🤝", "handshake"],
      ["💪", "flexed biceps"],
      ["👌", "ok hand"],
    ],
  },
  {
    label: "Symbols",
    emojis: [
      ["❤️", "red heart"],
      ["✅", "check mark button"],
      ["❌", "cross mark"],
      ["⚠️", "warning"],
      ["⭐", "star"],
      ["🔥", "fire"],
      ["🎉", "party popper"],
      ["📦", "package"],
      ["📞", "telephone receiver"],
      ["💬", "speech balloon"],
      ["⏰", "alarm clock"],
      ["💰", "money bag"],
    ],
  },
];

export function fallbackEmojiData(locale: string): EmojiData {
  return {
    locale,
    categories: groups.map((group, index) => ({ index, label: group.label })),
    emojis: groups.flatMap((group, category) =>
      group.emojis.map(([emoji, label]) => ({ emoji, label, category, version: 1, tags: [] }))
    ),
    skinTones: { light: "🏻", "medium-light": "🏼", medium: "🏽", "medium-dark": "🏾", dark: "🏿" },
  };
}
