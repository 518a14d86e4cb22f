// How a customer's reply is read by a menu or a typed question: pure rules, tested alone.
import type { AnswerType, MenuOption } from "../../../contracts/flowGraph.ts";
import { folded } from "../chatbot/handover.ts";

/** The menu as sent: its message, then one "[n] value" line per option. */
export function menuText(message: string, options: readonly MenuOption[]): string {
  const lines = options.map((o) => `[${o.number}] ${o.value}`).join("\n");
  return [message.trim(), lines].filter(Boolean).join("\n\n");
}

/** The option a reply chooses: its number, or its text (case, accents and punctuation aside). */
export function chosenOption(
  reply: string,
  options: readonly MenuOption[],
): MenuOption | undefined {
  const said = reply.trim();
  if (/^\d+$/.test(said)) return options.find((o) => o.number === Number(said));
  const words = folded(said);
  if (!words) return undefined;
  return options.find((o) => folded(o.value) === words);
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The reply as stored under the answer key, or null when it does not fit the type asked. */
export function typedAnswer(reply: string, type: AnswerType | undefined): string | null {
  const said = reply.trim();
  if (!said) return null;
  switch (type ?? "text") {
    case "text":
      return said;
    case "number": {
      const n = said.replace(/\s/g, "");
      return /^[-+]?\d+([.,]\d+)?$/.test(n) ? n.replace(",", ".") : null;
    }
    case "email":
      return EMAIL.test(said) ? said.toLowerCase() : null;
    case "phone": {
      if (!/^\+?[\d\s().-]+$/.test(said)) return null;
      const digits = said.replace(/\D/g, "");
      return digits.length >= 8 && digits.length <= 15 ? digits : null;
    }
    case "date":
      return dateOf(said);
  }
}

/** DD/MM/YYYY (or with - or .) or YYYY-MM-DD, a real calendar day; answered as DD/MM/YYYY. */
function dateOf(said: string): string | null {
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(said);
  let [d, mo, y] = m ? [+m[1], +m[2], +m[3]] : [0, 0, 0];
  if (!m) {
    m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(said);
    if (!m) return null;
    [y, mo, d] = [+m[1], +m[2], +m[3]];
  }
  const at = new Date(Date.UTC(y, mo - 1, d));
  if (at.getUTCFullYear() !== y || at.getUTCMonth() !== mo - 1 || at.getUTCDate() !== d) {
    return null;
  }
  return `${String(d).padStart(2, "0")}/${String(mo).padStart(2, "0")}/${y}`;
}
