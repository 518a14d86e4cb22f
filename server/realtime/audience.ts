// Who hears each live event: only those who may read its record over the API. One
// declaration per event kind (the compiler asks for every CompanyEvent), applied by both
// transports to every socket when it opens; a socket whose profile, company access or plan
// changes is closed, so it reconnects under the new rules. Rooms narrow further what a
// kind's readers hear (a ticket's room, a user's room: realtime/rooms.ts).
// audience_test.ts walks every kind for every profile and plan against the API's answers.
import { type CompanyEvent, companyEventKind } from "../../contracts/realtime.ts";
import type { Profile } from "../http/context.ts";
import { may } from "../../contracts/profiles.ts";
import type { PlanFlag, PlanRow } from "../http/plan.ts";

export interface Viewer {
  userId: number;
  profile: Profile;
  super: boolean;
}

/** The least a viewer must be to read the kind's records: any profile, admin or supervisor, admin, super user. */
export type Readers = "anyone" | "manager" | "admin" | "super";

export interface EventAudience {
  readers: Readers;
  /** The plan flag of the event's area: a company whose plan lacks it hears none of it. */
  flag?: PlanFlag;
  /** Records read by other rules than the kind's (a user's own record; a draft only super users read). */
  record?: (viewer: Viewer, data: unknown, byRank: boolean) => boolean;
}

const ranks: Record<Readers, (v: Viewer) => boolean> = {
  anyone: () => true,
  manager: (v) => may(v, "configureOutreach"),
  admin: (v) => may(v, "administer"),
  super: (v) => v.super,
};

type Payload = { user?: { id?: unknown }; userId?: unknown; record?: { status?: unknown } } | null;
const payload = (data: unknown) => (typeof data === "object" ? data : null) as Payload;

export const EVENT_AUDIENCE: Record<CompanyEvent, EventAudience> = {
  // Tickets and what is in them go to the rooms of who may open the ticket.
  ticket: { readers: "anyone" },
  appMessage: { readers: "anyone" },
  ticketNote: { readers: "anyone" },
  contact: { readers: "anyone" },
  // Published without the connection's API token (whatsapps/service.ts publishWhatsapp).
  whatsapp: { readers: "anyone" },
  whatsappSession: { readers: "anyone" },
  // GET /users is the admins'; each user reads his own record (GET /users/{own id}).
  user: {
    readers: "admin",
    record: (v, data, byRank) => {
      const p = payload(data);
      return byRank || (p?.user?.id ?? p?.userId) === v.userId;
    },
  },
  // Sent to the signed-out user's own room.
  auth: { readers: "anyone" },
  // The invoices and their payment are the admins' (GET /invoices).
  payment: { readers: "admin" },
  settings: { readers: "anyone" },
  queue: { readers: "anyone" },
  queueOption: { readers: "anyone" },
  tag: { readers: "anyone" },
  schedule: { readers: "anyone", flag: "useSchedules" },
  // A personal quick message goes to its owner's room only.
  quickmessage: { readers: "anyone" },
  // To its members' rooms.
  chat: { readers: "anyone", flag: "useInternalChat" },
  file: { readers: "anyone" },
  // An inactive announcement is a draft only super users read.
  announcement: {
    readers: "anyone",
    record: (v, data, byRank) => byRank && (v.super || payload(data)?.record?.status !== false),
  },
  help: { readers: "anyone" },
  // Outreach is the admins' and supervisors' (routes: requireManager).
  ContactList: { readers: "manager", flag: "useCampaigns" },
  ContactListItem: { readers: "manager", flag: "useCampaigns" },
  campaign: { readers: "manager", flag: "useCampaigns" },
  // The flow builder is part of the campaigns area (server/http/plan.ts).
  flow: { readers: "manager", flag: "useCampaigns" },
  flowCampaign: { readers: "manager", flag: "useCampaigns" },
  flowRun: { readers: "manager", flag: "useCampaigns" },
  // The AI agents are the admins' (prompts/routes.ts).
  prompt: { readers: "admin", flag: "useOpenAi" },
  queueIntegration: { readers: "manager", flag: "useIntegrations" },
  // Backups and imports of companies are the super users' (companies/backup_routes.ts), to the starter's room.
  backupJob: { readers: "super" },
};

/** The sandbox phone's channel (company-{c}-sandbox-{w}) is the admins', as its routes are. */
const SANDBOX: EventAudience = { readers: "admin" };

/** The audience of an event name of the company, or null for a name nobody declared (nobody hears it). */
export function audienceOf(companyId: number, event: string): EventAudience | null {
  const kind = companyEventKind(companyId, event);
  if (kind === null) return null;
  if (Object.hasOwn(EVENT_AUDIENCE, kind)) return EVENT_AUDIENCE[kind as CompanyEvent];
  return /^sandbox-\d+$/.test(kind) ? SANDBOX : null;
}

/**
 * What a viewer of the company, on this plan, is not sent (true: muted). Decided once per
 * event name; only kinds with a record rule look at the payload.
 */
export function mutedFor(viewer: Viewer, companyId: number, plan: PlanRow | null): (event: string, data: unknown) => boolean {
  const decided = new Map<string, boolean | EventAudience>();
  const decide = (event: string) => {
    const a = audienceOf(companyId, event);
    if (!a || (a.flag && !plan?.[a.flag])) return true;
    return a.record ? a : !ranks[a.readers](viewer);
  };
  return (event, data) => {
    let d = decided.get(event);
    if (d === undefined) decided.set(event, d = decide(event));
    return typeof d === "boolean" ? d : !d.record!(viewer, data, ranks[d.readers](viewer));
  };
}
