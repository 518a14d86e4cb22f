// The variables a Typebot session starts with (startChat's prefilledVariables): the
// original's `number` and `pushName`, plus the contact's `name` and custom fields by their
// names (Typebot fills only the variables its bot declares). What goes to Typebot is what the
// company already shows its bot's author, about the customer only: never a credential of the
// company or of the installation (Evolution API handed every Typebot its global API key), and
// no custom field whose name says it holds one.

export interface TypebotContact {
  number: string;
  name: string;
  pushName?: string | null;
  customFields: { name: string; value: string }[];
}

const RESERVED = new Set(["number", "pushName", "name"]);
/** Names of fields that hold credentials, in the three languages the product speaks. */
const SECRET_NAME =
  /senha|password|passwd|contrase(ñ|n)a|secret|segredo|token|api[\s_-]?key|chave|clave|credential|credencial|\bpin\b|otp/i;
const MAX_FIELDS = 50;
const MAX_NAME = 100;
const MAX_VALUE = 1_000;

export function prefilledVariables(contact: TypebotContact): Record<string, string> {
  // A Map, then fromEntries: a field named "__proto__" or "constructor" stays a plain key.
  const vars = new Map<string, string>([
    ["number", contact.number],
    ["pushName", contact.pushName?.trim() || contact.name],
    ["name", contact.name],
  ]);
  for (const field of contact.customFields) {
    if (vars.size >= RESERVED.size + MAX_FIELDS) break;
    const name = field.name.trim();
    if (!name || name.length > MAX_NAME || RESERVED.has(name) || SECRET_NAME.test(name)) continue;
    if (vars.has(name)) continue;
    vars.set(name, String(field.value ?? "").slice(0, MAX_VALUE));
  }
  return Object.fromEntries(vars);
}
