// The menus as the customer reads them: a header, then one numbered line per choice.
// Pure: the engine decides what to show, these say how it looks.
import type { Lang } from "../../tenancy/registry.ts";
import { text } from "../../i18n/texts.ts";

const line = (key: string | number, label: string) => `*[ ${key} ]* - ${label}`;

const join = (header: string, lines: string[]) =>
  [header.trim(), lines.join("\n")].filter(Boolean).join("\n\n");

/** The connection's greeting and its queues, numbered from 1 in the order given. */
export function queueMenu(greeting: string, queueNames: string[]): string {
  return join(greeting, queueNames.map((name, i) => line(i + 1, name)));
}

/**
 * One level of a queue's option tree: the level's message, its options by number, then
 * "0" back (below the top level only) and "#" to the start.
 */
export function optionMenu(
  header: string,
  options: { option: number; title: string }[],
  lang: Lang,
  top: boolean,
): string {
  const lines = options.map((o) => line(o.option, o.title));
  if (!top) lines.push(line(0, text(lang, "menu.back")));
  lines.push(line("#", text(lang, "menu.start")));
  return join(header, lines);
}
