// The realtime wire names, one definition for the server (Deno) and the web (Vite): what
// the Hub publishes and what the browser subscribes to must be the same strings, and a
// typo on either side would fail silently. Imported by relative path from both sides, so
// this file imports nothing.

/** Events a company's clients receive as `company-{id}-{kind}` (the spec's names). */
export type CompanyEvent =
  | "ticket"
  | "appMessage"
  | "contact"
  | "whatsapp"
  | "whatsappSession"
  | "user"
  | "auth"
  /** A payment confirmed: { action: "CONCLUIDA", company } (seed 001, the company with its new dueDate); an overdue company's admin hears only this. */
  | "payment"
  | "settings"
  | "queue"
  | "queueOption"
  | "tag"
  | "schedule"
  | "quickmessage"
  /** The internal chat, to its members' user rooms: create/update/new-message { action, chat, newMessage? } | delete { action, id }. */
  | "chat"
  /** A file list: { action: "create" | "update", fileList } | { action: "delete", fileListId }. */
  | "file"
  /** An internal note added to or deleted from a ticket: { action: "create", note } | { action: "delete", noteId, ticketId }. */
  | "ticketNote"
  /** A super user's announcement (sent to every company): { action: "create" | "update", record } | { action: "delete", id }. */
  | "announcement"
  /** A super user's help video (sent to every company): { action: "create" | "update", record } | { action: "delete", id }. */
  | "help"
  /** A contact list: { action: "create" | "update", record } | { action: "delete", id }. */
  | "ContactList"
  /** A contact list's item: { action, record } | { action: "delete", id, contactListId } | { action: "reload", contactListId } after an import. */
  | "ContactListItem"
  /** A campaign: { action: "create" | "update", record } (record carries progress) | { action: "delete", id }. */
  | "campaign"
  /** A flow of the flow builder: { action: "create" | "update", record } (the list's row) | { action: "delete", id }. */
  | "flow"
  /** A flow campaign (a phrase that starts a flow): { action: "create" | "update", record } | { action: "delete", id }. */
  | "flowCampaign"
  /** A flow run entered a block or ended: FlowRunEvent (the editor's Testar highlights the block). */
  | "flowRun"
  /** An AI agent (its keys masked): { action: "create" | "update", prompt } | { action: "delete", promptId }. */
  | "prompt"
  /** A queue integration: { action: "create" | "update", queueIntegration } | { action: "delete", integrationId } (seed 002). */
  | "queueIntegration"
  /** A super user's backup, restore, export or import, to that user's room: BackupJobEvent at each step. */
  | "backupJob";

/** The kind of the backup jobs' event (company-{id}-backupJob, the super user's company). */
export const BACKUP_JOB_EVENT = "backupJob" satisfies CompanyEvent;

/** Where a backup, restore, export, import or move stands; `done` of `total` bytes, or rows for a move (0 of 0: not counted). */
export interface BackupJobEvent {
  id: string;
  kind: "backup" | "restore" | "export" | "import" | "move" | "moveBack";
  /** The company worked on; for an import, the new company once it exists. */
  companyId: number | null;
  state: "running" | "done" | "failed";
  done: number;
  total: number;
  /** A move's tables copied of all. */
  tables?: { done: number; total: number };
  /** A finished job's answer: the backup's or export's name, the imported company's id. */
  result?: { name?: string; size?: number; companyId?: number };
  /** A failed job's error, as a route answers it: { error: code, message, ... }. */
  error?: { error: string; message: string; [extra: string]: unknown };
}

/** The kind of the queue integrations' event (company-{id}-queueIntegration). */
export const QUEUE_INTEGRATION_EVENT = "queueIntegration" satisfies CompanyEvent;

/** The kind of the flow runs' event (company-{id}-flowRun). */
export const FLOW_RUN_EVENT = "flowRun" satisfies CompanyEvent;

/** Where a flow run stands: "running" at `node` as it enters it, else how it ended, at the node it ended on. */
export interface FlowRunEvent {
  runId: number;
  flowId: number;
  ticketId: number;
  node: string;
  status: "running" | "done" | "stopped" | "failed";
}

export const companyEvent = (companyId: number, kind: CompanyEvent) => `company-${companyId}-${kind}`;

/** What follows company-{id}- in an event name of that company (a kind, or the sandbox channel's sandbox-{w}); null otherwise. */
export function companyEventKind(companyId: number, event: string): string | null {
  const prefix = `company-${companyId}-`;
  return event.startsWith(prefix) ? event.slice(prefix.length) : null;
}

/** The close code of a socket whose company was deactivated, fell due or was renewed: the client checks where it stands. */
export const CLOSE_COMPANY_CHANGED = 4003;

/**
 * The company-wide rooms: every client's main channel, the status lists, the admins'
 * notifications, and "chatbot": the tickets a bot holds (Ticket.chatbot), for admins and
 * supervisors only.
 */
export type CompanyRoom = "mainchannel" | "open" | "pending" | "closed" | "notification" | "chatbot";

export const companyRoom = (companyId: number, room: CompanyRoom) => `company-${companyId}-${room}`;

/** A queue's status list or notifications; tickets without a queue are in queue "null". */
export const queueRoom = (queueId: number | string | null, room: Exclude<CompanyRoom, "mainchannel">) =>
  `queue-${queueId ?? "null"}-${room}`;

export const userRoom = (userId: number) => `user-${userId}`;

/** One ticket's room: its conversation page joins it. */
export const ticketRoom = (ticketId: number) => String(ticketId);

/** The sandbox phone of one connection: both the room and the event name. */
export const sandboxChannel = (companyId: number, whatsappId: number) =>
  `company-${companyId}-sandbox-${whatsappId}`;
