// Message variables (ORIGIN (f)): {{name}}, {{firstName}}, {{ms}} and {{gretting}}
// (greeting by the time of day, in the company's language), {{protocol}}, {{hora}},
// {{hour}}, {{date}}. Times are the company's (setting "timezone"), not the server's.
// Unknown {{keys}} are left as typed: flows bring their own. The names are shared with the
// web through contracts/messageVariables.ts.
import {
  MESSAGE_VARIABLE_ALIASES,
  type MessageVariable,
} from "../../../contracts/messageVariables.ts";
import { localParts } from "../settings/timezone.ts";
import type { Lang } from "../../tenancy/registry.ts";
import { text } from "../../i18n/texts.ts";

export interface VariableContext {
  contactName?: string;
  /** The company's language: {{ms}} greets in it. */
  lang: Lang;
  timeZone: string;
  now?: Date;
}

/** Night 00-05, morning 06-11, afternoon 12-17, evening 18-23. */
export function greetingFor(lang: Lang, hour: number) {
  if (hour < 6) return text(lang, "greeting.night");
  if (hour < 12) return text(lang, "greeting.morning");
  if (hour < 18) return text(lang, "greeting.afternoon");
  return text(lang, "greeting.evening");
}

export function renderVariables(text: string, ctx: VariableContext): string {
  if (!text.includes("{{")) return text;
  const p = localParts(ctx.now ?? new Date(), ctx.timeZone);
  const name = ctx.contactName?.trim() ?? "";
  const offered: Record<MessageVariable, string> = {
    name,
    firstName: name.split(/\s+/)[0] ?? "",
    ms: greetingFor(ctx.lang, Number(p.h)),
    protocol: `${p.y}${p.mo}${p.d}${p.h}${p.mi}${p.s}`,
    hora: `${p.h}:${p.mi}:${p.s}`,
    hour: `${p.h}:${p.mi}`,
    date: `${p.d}/${p.mo}/${p.y}`,
  };
  const values: Record<string, string> = { ...offered };
  for (const [alias, name] of Object.entries(MESSAGE_VARIABLE_ALIASES)) values[alias] = offered[name];
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, key: string) => values[key] ?? all);
}
