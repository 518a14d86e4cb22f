// Substring search through the trigram indexes (messages_fts, contacts_fts): a user's text
// becomes one quoted FTS5 phrase. Trigrams need at least 3 characters; shorter text is
// searched with LIKE by the caller.
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
