/** The browser-storage keys the app uses, in one place. */
export const keys = {
  token: "token",
  companyId: "companyId",
  userId: "userId",
  language: "language",
  theme: "preferredTheme",
  /** The desk's ticket list width, per user ({"userId": px}). */
  deskListWidth: "deskListWidth",
  volume: "volume",
  /** The composer's "sign" switch (attendant's name before each message). */
  signMessage: "signOption",
  /** The ticket desk's queue filter (JSON array of queue ids). */
  ticketQueues: "selectedQueueIds",
  /** Prefix of the composer's drafts, "draft:<userId>:<ticketId>" (pages/tickets/conversation/drafts.ts). */
  draftPrefix: "draft:",
  /** Prefix of the to-do list, "tasks:<userId>" (pages/todolist/tasks.ts). */
  tasksPrefix: "tasks:",
  /** How /schedules shows its schedules: month, week, day or agenda. */
  scheduleView: "schedulesView",
  /** Present when the company has campaigns enabled: the campaign routes exist (seed 002 section 2). */
  campaignsFlag: "cshow",
  /** The flow editor's answer keys of question blocks (JSON array), offered as {{key}} (seed 002 section 3). */
  flowVariables: "variables",
} as const;

type Key = (typeof keys)[keyof typeof keys];

export function read(key: Key): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function write(key: Key, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage full or blocked: the app keeps working for this page view
  }
}
