// A flow campaign's phrase: how it is compared (trimmed, case- and accent-insensitive,
// matched as its campaign says) and which regular expressions we agree to run. One module,
// so the campaign's checks (two campaigns answering one phrase) and the runtime's matching
// cannot disagree.
import type { PHRASE_MATCHES } from "../../../db/tenant/flows.ts";

export type PhraseMatch = typeof PHRASE_MATCHES[number];

/** The longest phrase: a trigger is a word or a sentence, and a regex's cost grows with it. */
export const PHRASE_MAX = 200;

const stripMarks = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "");

/** "  Olá,   MUNDO! " and "ola mundo" are one phrase: its words alone, no case, accents or punctuation. */
export const normalisePhrase = (s: string) =>
  stripMarks(s).toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).join(" ");

/** What two campaigns compare to know they answer the same messages: a regex by its source. */
export const phraseKey = (phrase: string, match: PhraseMatch) =>
  match === "regex" ? stripMarks(phrase).trim() : normalisePhrase(phrase);

/** The part of a message a regex phrase looks at: what it may cost grows with the text. */
export const REGEX_TEXT_MAX = 300;

/**
 * Whether a customer's text starts the campaign. A regex is run, ignoring case, on the
 * text's first REGEX_TEXT_MAX characters without accents.
 */
export function matchesPhrase(c: { phrase: string; match: PhraseMatch }, text: string): boolean {
  if (c.match === "regex") {
    if (regexProblem(c.phrase)) return false;
    return new RegExp(stripMarks(c.phrase.trim()), "i").test(
      stripMarks(text.trim().slice(0, REGEX_TEXT_MAX)),
    );
  }
  const t = normalisePhrase(text);
  const p = normalisePhrase(c.phrase);
  if (!p) return false;
  // Whole words: "oi" is not in "boi".
  if (c.match === "contains") return ` ${t} `.includes(` ${p} `);
  if (c.match === "startsWith") return `${t} `.startsWith(`${p} `);
  return t === p;
}

const REPEATED = /^(\*|\+|\{\d*,\d*\})/;

/** Repetitions (*, +, {n,m}) a regex phrase may hold: each one multiplies what a failed match may try. */
export const REGEX_REPETITIONS_MAX = 2;

/**
 * Why a regex phrase is refused: "invalid" (does not compile) or "unsafe" (could backtrack
 * for ever: JavaScript's regexes have no timeout). Unsafe: a back-reference, more than
 * REGEX_REPETITIONS_MAX repetitions, or a repeated group that itself holds a repetition or
 * alternatives, as in (a+)+, (a|a)* or (\w+\s?){2,}. With the text bounded too
 * (REGEX_TEXT_MAX), what is left stays cheap.
 */
export function regexProblem(source: string): "invalid" | "unsafe" | null {
  const src = source.trim();
  if (!src || src.length > PHRASE_MAX) return "invalid";
  try {
    new RegExp(stripMarks(src), "i");
  } catch {
    return "invalid";
  }
  // Per open group: whether it holds a repetition or an alternative.
  const groups: boolean[] = [];
  const mark = () => {
    if (groups.length) groups[groups.length - 1] = true;
  };
  let repetitions = 0;
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (ch === "\\") {
      if (/[1-9k]/.test(src[i + 1] ?? "")) return "unsafe";
      i++;
    } else if (ch === "[") {
      // A class is one character whatever it holds.
      i++;
      if (src[i] === "^") i++;
      if (src[i] === "]") i++;
      while (i < src.length && src[i] !== "]") i += src[i] === "\\" ? 2 : 1;
    } else if (ch === "(") {
      groups.push(false);
    } else if (ch === ")") {
      const risky = groups.pop() ?? false;
      if (risky && REPEATED.test(src.slice(i + 1))) return "unsafe";
      if (risky) mark();
    } else if (ch === "|") {
      mark();
    } else if (REPEATED.test(src.slice(i))) {
      repetitions++;
      mark();
    }
  }
  return repetitions > REGEX_REPETITIONS_MAX ? "unsafe" : null;
}
