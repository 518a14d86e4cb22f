// Message variables (ORIGIN (f)), the one substitution of every text the company sends
// (desk, quick messages, schedules, the bot, campaigns): {{name}}, {{firstName}},
// {{number}}, {{email}}, {{ms}} and {{gretting}} (greeting by the time of day, in the
// company's language), {{protocol}}, {{hora}}, {{hour}}, {{date}}; and the original's
// campaign spellings {nome}, {numero}, {email} plus a campaign's own {key}s; a flow's own
// {{key}}s (its answers, {{contact.name}}, the contact's custom fields). Times are the
// company's (setting "timezone"), not the server's. Unknown keys are left as typed. The names are shared with the web through contracts/messageVariables.ts.
import {
  MESSAGE_VARIABLE_ALIASES,
  type MessageVariable,
  SHORT_SPELLINGS,
} from "../../../contracts/messageVariables.ts";
import type { CampaignVariable } from "../../../contracts/campaigns.ts";
import { localParts } from "../settings/timezone.ts";
import type { Lang } from "../../tenancy/registry.ts";
import { text } from "../../i18n/texts.ts";

export interface VariableContext {
  contact?: { name?: string; number?: string; email?: string };
  /** The company's language: {{ms}} greets in it. */
  lang: Lang;
  timeZone: string;
  now?: Date;
  /** What a contact without a name is called (setting "nameFallback"; "" by default). */
  nameFallback?: string;
  /** A campaign's own {key} variables (its settings); the contact's fields win over them. */
  extra?: readonly CampaignVariable[];
  /** A flow's {{key}} variables (answers, contact fields); the offered variables win over them. */
  values?: Readonly<Record<string, string>>;
}

/** Night 00-05, morning 06-11, afternoon 12-17, evening 18-23. */
export function greetingFor(lang: Lang, hour: number) {
  if (hour < 6) return text(lang, "greeting.night");
  if (hour < 12) return text(lang, "greeting.morning");
  if (hour < 18) return text(lang, "greeting.afternoon");
  return text(lang, "greeting.evening");
}

/**
 * A contact's name as a person would say it: a "name" without a letter is a number a list or
 * WhatsApp put there for want of one ("5511955550001", "+55 11 9…"), so no name at all.
 */
function personName(raw: string | undefined): string {
  const name = raw?.trim() ?? "";
  return /\p{L}/u.test(name) ? name : "";
}

// Marks where a variable became nothing, for tidy() to close the gap; a noncharacter, so
// never part of a text.
const GAP = "\uFFFF";
const PLACEHOLDER = /\{\{\s*([\p{L}\p{N}_.-]+)\s*\}\}|\{([\p{L}\p{N}_-]+)\}/gu;

export function renderVariables(text: string, ctx: VariableContext): string {
  if (!text.includes("{")) return text;
  const p = localParts(ctx.now ?? new Date(), ctx.timeZone);
  const name = personName(ctx.contact?.name) || (ctx.nameFallback?.trim() ?? "");
  const number = ctx.contact?.number ?? "";
  const offered: Record<MessageVariable, string> = {
    name,
    firstName: name.split(/\s+/)[0] ?? "",
    // A contact known only by its WhatsApp id (a lid) has no number to show.
    number: number.includes("@") ? "" : number,
    email: ctx.contact?.email?.trim() ?? "",
    ms: greetingFor(ctx.lang, Number(p.h)),
    protocol: `${p.y}${p.mo}${p.d}${p.h}${p.mi}${p.s}`,
    hora: `${p.h}:${p.mi}:${p.s}`,
    hour: `${p.h}:${p.mi}`,
    date: `${p.d}/${p.mo}/${p.y}`,
  };
  const long = new Map<string, string>(Object.entries(ctx.values ?? {}));
  for (const [key, value] of Object.entries(offered)) long.set(key, value);
  for (const [alias, target] of Object.entries(MESSAGE_VARIABLE_ALIASES)) long.set(alias, offered[target]);
  const short = new Map<string, string>((ctx.extra ?? []).map((v) => [v.key, v.value]));
  for (const [spelling, target] of Object.entries(SHORT_SPELLINGS)) short.set(spelling, offered[target]);
  // One pass, so a value that itself looks like a placeholder stays as written.
  let gaps = false;
  const filled = text.replace(PLACEHOLDER, (all, longKey?: string, shortKey?: string) => {
    const value = longKey !== undefined ? long.get(longKey) : short.get(shortKey!);
    if (value === undefined) return all;
    if (value !== "") return value;
    gaps = true;
    return GAP;
  });
  return gaps ? tidy(filled) : filled;
}

/**
 * Closes what an empty variable leaves: "Olá {nome}, tudo bem?" is "Olá, tudo bem?", not
 * "Olá , tudo bem?"; "Obrigado, {nome}!" is "Obrigado!"; "{nome}, seu pedido saiu" at the
 * start of a line or sentence is "Seu pedido saiu"; "Oi {nome} tudo bem" keeps one space; "*{{name}}*" leaves no "**".
 */
function tidy(text: string): string {
  return text
    // A formatted gap ("*{{name}}*") is a gap: no stray markers.
    .replace(/([*_~])\uFFFF\1/g, GAP)
    // At the start of a line or a sentence: with the comma after it, and the next word starts the sentence.
    .replace(/(^|\n|[.!?…][ \t]+)([ \t]*)\uFFFF(?:[ \t]*\uFFFF)*[ \t]*[,;:]?[ \t]*(\p{Ll})?/gu, (_all, start: string, indent: string, letter?: string) =>
      `${start}${indent}${letter?.toUpperCase() ?? ""}`)
    // Before punctuation or the end of a line: the gap goes with the spaces (and a comma) before it.
    .replace(/(?:[ \t]*,)?[ \t]*\uFFFF(?:[ \t]*\uFFFF)*(?=[ \t]*(?:[,.!?;:…)]|\n|$))[ \t]*/g, "")
    // Between words: one of the two spaces goes.
    .replace(/[ \t]\uFFFF(?:[ \t]*\uFFFF)*(?=[ \t])/g, "")
    .replaceAll(GAP, "");
}
