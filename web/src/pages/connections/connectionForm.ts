/** The connection dialog's values, rules and request body (seed 001 sections 3 and 5). */
import type { Provider, Whatsapp, WhatsappInput } from "../../api/whatsapps.ts";
import type { WeeklyHours } from "../../api/types.ts";
import { collect, type Issues, length } from "../../lib/validation.ts";
import { type HoursField, validateWeek, weekFrom } from "../../lib/weeklyHours.ts";

export type ConnectionField =
  | "name"
  | "greetingMessage"
  | "whitelist"
  | "blacklist"
  | "promptId"
  | "integrationId"
  | HoursField;

export const DEFAULT_MAX_USE_BOT_QUEUES = 3;

export interface ConnectionValues {
  name: string;
  provider: Provider;
  isDefault: boolean;
  queueIds: string[];
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  farewellMessage: string;
  handoverMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: number;
  maxUseBotQueues: number;
  timeUseBotQueues: number;
  /** "" for none. */
  transferQueueId: string;
  timeToTransfer: number;
  /** The connection's AI agent ("": none). */
  promptId: string;
  /** The integration answering its conversations without a queue ("": none). */
  integrationId: string;
  flowIdWelcome: string;
  flowIdNotPhrase: string;
  whitelist: string;
  blacklist: string;
  /** The connection answers by its own week instead of the company's. */
  ownHours: boolean;
  schedules: WeeklyHours[];
}

export function initialValues(whatsapp: Whatsapp | null): ConnectionValues {
  return {
    name: whatsapp?.name ?? "",
    provider: whatsapp?.provider ?? "baileys",
    isDefault: whatsapp?.isDefault ?? false,
    queueIds: (whatsapp?.queues ?? []).map((queue) => String(queue.id)),
    greetingMessage: whatsapp?.greetingMessage ?? "",
    complationMessage: whatsapp?.complationMessage ?? "",
    outOfHoursMessage: whatsapp?.outOfHoursMessage ?? "",
    ratingMessage: whatsapp?.ratingMessage ?? "",
    farewellMessage: whatsapp?.farewellMessage ?? "",
    handoverMessage: whatsapp?.handoverMessage ?? "",
    expiresInactiveMessage: whatsapp?.expiresInactiveMessage ?? "",
    expiresTicket: whatsapp?.expiresTicket ?? 0,
    maxUseBotQueues: whatsapp?.maxUseBotQueues ?? DEFAULT_MAX_USE_BOT_QUEUES,
    timeUseBotQueues: whatsapp?.timeUseBotQueues ?? 0,
    transferQueueId: whatsapp?.transferQueueId ? String(whatsapp.transferQueueId) : "",
    timeToTransfer: whatsapp?.timeToTransfer ?? 0,
    promptId: whatsapp?.promptId ? String(whatsapp.promptId) : "",
    integrationId: whatsapp?.integrationId ? String(whatsapp.integrationId) : "",
    flowIdWelcome: whatsapp?.flowIdWelcome ? String(whatsapp.flowIdWelcome) : "",
    flowIdNotPhrase: whatsapp?.flowIdNotPhrase ? String(whatsapp.flowIdNotPhrase) : "",
    whitelist: whatsapp?.whitelist ?? "",
    blacklist: whatsapp?.blacklist ?? "",
    ownHours: Boolean(whatsapp?.schedules?.length),
    schedules: weekFrom(whatsapp?.schedules),
  };
}

/** Split "a; b;;c" into its numbers (digits only, empties dropped). */
export function numberList(value: string): string[] {
  return value.split(";").map((entry) => entry.replace(/\D/g, "")).filter(Boolean);
}

/** The stored form of a number list: digits joined by ";" ("" when empty). */
export function cleanNumberList(value: string): string {
  return numberList(value).join(";");
}

/** Every entry has 8..15 digits once its punctuation is dropped. */
function numberListIssue(value: string) {
  const entries = value.split(";").map((entry) => entry.trim()).filter(Boolean);
  const bad = entries.some((entry) => {
    if (/[^\d\s()+.-]/.test(entry)) return true;
    const digits = entry.replace(/\D/g, "");
    return digits.length < 8 || digits.length > 15;
  });
  return bad ? { key: "connections.form.invalidNumbers" } : null;
}

/** Greeting is required with more than one queue (mirrors ERR_WAPP_GREETING_REQUIRED). */
export function greetingRequired(values: Pick<ConnectionValues, "queueIds" | "greetingMessage">) {
  return values.queueIds.length > 1 && !values.greetingMessage.trim();
}

export function validateConnection(values: ConnectionValues): Issues<ConnectionField> {
  return {
    ...collect<ConnectionField>({
      name: length(values.name, 2, 50),
      greetingMessage: greetingRequired(values)
        ? { key: "errors.ERR_WAPP_GREETING_REQUIRED" }
        : null,
      whitelist: numberListIssue(values.whitelist),
      blacklist: numberListIssue(values.blacklist),
      // Any of the listed agents and integrations; the server says when one was deleted meanwhile.
      promptId: null,
      integrationId: null,
    }),
    ...(values.ownHours ? validateWeek(values.schedules) : {}),
  };
}

/**
 * The request body. The provider goes only on create; no agent or integration goes as null.
 * Whitelist and blacklist are left out when empty, except when
 * an edit empties a list that had numbers (omitting it would keep the old ones). Own hours go as
 * the week; turning them off sends [] (the company's again) when the connection had some.
 */
export function toWhatsappInput(
  values: ConnectionValues,
  original: Whatsapp | null,
): WhatsappInput {
  const input: WhatsappInput = {
    name: values.name.trim(),
    isDefault: values.isDefault,
    queueIds: values.queueIds.map(Number),
    greetingMessage: values.greetingMessage,
    complationMessage: values.complationMessage,
    outOfHoursMessage: values.outOfHoursMessage,
    ratingMessage: values.ratingMessage,
    farewellMessage: values.farewellMessage,
    handoverMessage: values.handoverMessage,
    expiresInactiveMessage: values.expiresInactiveMessage,
    expiresTicket: wholeMinutes(values.expiresTicket),
    maxUseBotQueues: wholeMinutes(values.maxUseBotQueues),
    timeUseBotQueues: wholeMinutes(values.timeUseBotQueues),
    transferQueueId: values.transferQueueId ? Number(values.transferQueueId) : null,
    timeToTransfer: wholeMinutes(values.timeToTransfer),
    promptId: values.promptId ? Number(values.promptId) : null,
    integrationId: values.integrationId ? Number(values.integrationId) : null,
    flowIdWelcome: values.flowIdWelcome ? Number(values.flowIdWelcome) : null,
    flowIdNotPhrase: values.flowIdNotPhrase ? Number(values.flowIdNotPhrase) : null,
  };
  if (!original) input.provider = values.provider;
  for (const key of ["whitelist", "blacklist"] as const) {
    const cleaned = cleanNumberList(values[key]);
    if (cleaned || (original && original[key])) input[key] = cleaned;
  }
  if (values.ownHours) input.schedules = values.schedules;
  else if (original?.schedules?.length) input.schedules = [];
  return input;
}

function wholeMinutes(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

/** The folded parts of the dialog; name, provider, default and queues are always shown. */
export type ConnectionSection = "messages" | "hours" | "timers" | "flows" | "lists";

const SECTION_OF: Readonly<Record<string, ConnectionSection>> = {
  greetingMessage: "messages",
  complationMessage: "messages",
  ratingMessage: "messages",
  farewellMessage: "messages",
  handoverMessage: "messages",
  expiresInactiveMessage: "messages",
  outOfHoursMessage: "hours",
  expiresTicket: "timers",
  maxUseBotQueues: "timers",
  timeUseBotQueues: "timers",
  transferQueueId: "timers",
  timeToTransfer: "timers",
  promptId: "timers",
  integrationId: "timers",
  flowIdWelcome: "flows",
  flowIdNotPhrase: "flows",
  whitelist: "lists",
  blacklist: "lists",
};

/** The sections holding the given fields (field names as the form or the server say them). */
export function sectionsOf(fields: Iterable<string>): ConnectionSection[] {
  const found = new Set<ConnectionSection>();
  for (const field of fields) {
    const section = field.startsWith("schedules") ? "hours" : SECTION_OF[field];
    if (section) found.add(section);
  }
  return [...found];
}
