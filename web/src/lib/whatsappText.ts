// WhatsApp's text formatting as a phone shows it: *bold*, _italic_, ~strike~ and
// ```monospace```. A marker formats only around a run that starts and ends with a
// non-space character, at word edges (2*3*4 and snake_case_name stay as typed), within a
// line (monospace may span lines), and markers nest (*_both_*). The result is a tree of
// plain strings that the screens render as React text: a message's "<b>" or "<img>" is
// shown as typed, never parsed as markup.

export type WhatsappStyle = "bold" | "italic" | "strike" | "mono";

export type WhatsappNode = string | { style: WhatsappStyle; children: WhatsappNode[] };

const MARKS: Record<string, WhatsappStyle> = { "*": "bold", "_": "italic", "~": "strike" };
const FENCE = "```";

/** Before an opening or after a closing marker: an edge of a word. */
const edge = (c: string | undefined) => c === undefined || /[\s\p{P}\p{S}]/u.test(c);
const space = (c: string | undefined) => c === undefined || /\s/.test(c);

/** Where the run opened at `open` by `mark` closes on the same line, or -1. */
function closing(text: string, mark: string, open: number): number {
  for (let at = open + 2; at < text.length; at++) {
    if (text[at] === "\n") return -1;
    if (text[at] === mark && !space(text[at - 1]) && edge(text[at + 1])) return at;
  }
  return -1;
}

export function whatsappText(text: string): WhatsappNode[] {
  const nodes: WhatsappNode[] = [];
  let plain = "";
  const flush = () => {
    if (plain) nodes.push(plain);
    plain = "";
  };
  let at = 0;
  while (at < text.length) {
    if (text.startsWith(FENCE, at)) {
      const end = text.indexOf(FENCE, at + FENCE.length);
      if (end > 0 && text.slice(at + FENCE.length, end).trim()) {
        flush();
        nodes.push({ style: "mono", children: [text.slice(at + FENCE.length, end)] });
        at = end + FENCE.length;
        continue;
      }
    }
    const mark = text[at];
    const style = MARKS[mark];
    if (style && edge(text[at - 1]) && !space(text[at + 1])) {
      const end = closing(text, mark, at);
      if (end > 0) {
        flush();
        nodes.push({ style, children: whatsappText(text.slice(at + 1, end)) });
        at = end + 1;
        continue;
      }
    }
    plain += mark;
    at++;
  }
  flush();
  return nodes;
}

const flat = (nodes: WhatsappNode[]): string =>
  nodes.map((node) => typeof node === "string" ? node : flat(node.children)).join("");

/**
 * The words WhatsApp's formatting shows, without its markers (also `code` and "> "
 * quotes): one-line previews that show no formatting.
 */
export function plainText(text: string): string {
  return flat(whatsappText(text.replace(/^> ?/gm, ""))).replace(/`([^`\n]+)`/g, "$1");
}
