// Search through the full-text indexes. contacts_fts holds trigrams: any substring of 3
// characters or more, as one quoted FTS5 phrase (shorter text is the caller's LIKE).
// messages_fts holds words: every word typed must start a word of the message.
export const MIN_FTS = 3;

/** The FTS5 query for a text (a phrase: FTS operators in it are plain characters), or null when too short. */
export function ftsPhrase(text: string): string | null {
  const t = text.trim();
  if ([...t].length < MIN_FTS) return null;
  return `"${t.replaceAll('"', '""')}"`;
}

/**
 * The contacts_fts query for a text over the given columns; its digits also search the
 * number ("(11) 9555" finds 5511955550001). null when too short.
 */
export function contactMatch(text: string, columns: string[]): string | null {
  const phrase = ftsPhrase(text);
  if (!phrase) return null;
  const digits = text.replace(/\D/g, "");
  const byDigits = digits.length >= MIN_FTS && digits !== text.trim() ? ` OR (number : "${digits}")` : "";
  return `({${columns.join(" ")}} : ${phrase})${byDigits}`;
}

/** The messages_fts query: each word of the text as a word prefix, all required; null without words. */
export function wordsMatch(text: string): string | null {
  const words = text.match(/[\p{L}\p{N}]+/gu)?.slice(0, 8);
  return words?.length ? words.map((w) => `"${w}"*`).join(" ") : null;
}
