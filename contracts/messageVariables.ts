// The variables the server fills in a message (server/modules/messages/variables.ts),
// one list for the server and the web: every dialog that offers variables shows these, and
// the server's table is typed by them, so an offered name the server does not fill (or the
// reverse) fails to compile. Imported by relative path from both sides: imports nothing.

/** The variables offered to the user, in the order shown. */
export const MESSAGE_VARIABLES = [
  "firstName",
  "name",
  "number",
  "email",
  "ms",
  "protocol",
  "date",
  "hour",
  "hora",
] as const;

export type MessageVariable = typeof MESSAGE_VARIABLES[number];

/** Spellings the original product also filled, kept for old texts and not offered. */
export const MESSAGE_VARIABLE_ALIASES = { gretting: "ms" } as const satisfies Record<
  string,
  MessageVariable
>;

/**
 * The original's campaign placeholders, single-brace: filled everywhere ({nome} in a quick
 * message, {{firstName}} in a campaign) and shown beside the variable they spell.
 */
export const SHORT_SPELLINGS = { nome: "name", numero: "number", email: "email" } as const satisfies Record<
  string,
  MessageVariable
>;

export const placeholder = (name: MessageVariable) => `{{${name}}}`;

/** The single-brace spelling of a variable, when it has one ("{nome}" for name). */
export function shortSpelling(name: MessageVariable): string | null {
  const found = Object.entries(SHORT_SPELLINGS).find(([, long]) => long === name);
  return found ? `{${found[0]}}` : null;
}
