// Message variables (ORIGIN (f)): {{name}}, {{firstName}}, {{ms}} and {{gretting}}
// (greeting by the time of day), {{protocol}}, {{hora}}, {{hour}}, {{date}}. Times are the
// company's (setting "timezone"), not the server's. Unknown {{keys}} are left as typed:
// flows bring their own.
import { localParts } from "../settings/timezone.ts";

export interface VariableContext {
  contactName?: string;
  timeZone: string;
  now?: Date;
}

/** "Bom dia" 06-11, "Boa tarde" 12-17, "Boa noite" 18-23, "Boa madrugada" 00-05. */
export function greetingFor(hour: number) {
  if (hour < 6) return "Boa madrugada";
  if (hour < 12) return "Bom dia";
  if (hour < 18) return "Boa tarde";
  return "Boa noite";
}

export function renderVariables(text: string, ctx: VariableContext): string {
  if (!text.includes("{{")) return text;
  const p = localParts(ctx.now ?? new Date(), ctx.timeZone);
  const name = ctx.contactName?.trim() ?? "";
  const values: Record<string, string> = {
    name,
    firstName: name.split(/\s+/)[0] ?? "",
    ms: greetingFor(Number(p.h)),
    gretting: greetingFor(Number(p.h)),
    protocol: `${p.y}${p.mo}${p.d}${p.h}${p.mi}${p.s}`,
    hora: `${p.h}:${p.mi}:${p.s}`,
    hour: `${p.h}:${p.mi}`,
    date: `${p.d}/${p.mo}/${p.y}`,
  };
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, key: string) => values[key] ?? all);
}
