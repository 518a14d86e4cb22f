/** The setting keys of docs/api.md and how the Options tab edits each. */
export type SettingDef =
  | { key: string; kind: "switch" }
  | { key: string; kind: "select"; values: readonly string[]; labelPrefix: string }
  | { key: string; kind: "duration"; seconds: readonly number[] }
  | { key: string; kind: "timezone" }
  | { key: string; kind: "words" }
  /** One short text saved as typed (trimmed); "" is a value too. */
  | { key: string; kind: "text"; maxLength: number }
  | { key: string; kind: "secret"; superOnly: true };

export const settingDefs: readonly SettingDef[] = [
  { key: "userRating", kind: "switch" },
  {
    key: "scheduleType",
    kind: "select",
    values: ["disabled", "queue", "company"],
    labelPrefix: "settings.scheduleTypes",
  },
  { key: "CheckMsgIsGroup", kind: "switch" },
  { key: "call", kind: "switch" },
  { key: "chatBotType", kind: "select", values: ["text"], labelPrefix: "settings.chatBotTypes" },
  { key: "sendGreetingAccepted", kind: "switch" },
  { key: "sendMsgTransfTicket", kind: "switch" },
  { key: "sendGreetingMessageOneQueues", kind: "switch" },
  { key: "botHandoverWords", kind: "words" },
  { key: "flowStopWords", kind: "words" },
  { key: "nameFallback", kind: "text", maxLength: 30 },
  { key: "defaultCountryCode", kind: "text", maxLength: 3 },
  { key: "userCreation", kind: "switch" },
  { key: "allowMultipleSessions", kind: "switch" },
  {
    key: "weekStart",
    kind: "select",
    values: ["sunday", "monday"],
    labelPrefix: "settings.weekStartValues",
  },
  {
    key: "sideMenu",
    kind: "select",
    values: ["open", "closed"],
    labelPrefix: "settings.sideMenuValues",
  },
  {
    key: "timeCreateNewTicket",
    kind: "duration",
    seconds: [10, 30, 60, 300, 600, 1800, 3600, 7200, 21600, 43200, 86400, 172800, 604800],
  },
  { key: "timezone", kind: "timezone" },
  { key: "asaas", kind: "secret", superOnly: true },
];

/** "3600" -> { unit: "hours", count: 1 } for the duration labels. */
export function durationParts(
  seconds: number,
): { unit: "seconds" | "minutes" | "hours" | "days"; count: number } {
  if (seconds % 86400 === 0) return { unit: "days", count: seconds / 86400 };
  if (seconds % 3600 === 0) return { unit: "hours", count: seconds / 3600 };
  if (seconds % 60 === 0) return { unit: "minutes", count: seconds / 60 };
  return { unit: "seconds", count: seconds };
}
