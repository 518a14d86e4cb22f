// What every route handler can reach, and what the auth guard puts on the context.
import type { MiddlewareHandler } from "hono";
import type { Config } from "../config.ts";
import type { Control } from "../tenancy/control.ts";
import type { Tenant, TenantRegistry } from "../tenancy/registry.ts";
import type { Hub } from "../realtime/hub.ts";
import type { TokenService } from "../auth/tokens.ts";
import type { SecretBox } from "../secrets/box.ts";
import type { AddressPolicy } from "../integrations/addresses.ts";
import type { DialogflowClient } from "../integrations/dialogflow/client.ts";
import type { CallLimiter, FailureLimiter } from "./rate-limit.ts";
import type { Presence } from "../realtime/presence.ts";
import type { SessionManager } from "../channels/manager.ts";
import type { Inbox } from "../inbox/inbox.ts";
import type { MediaStore } from "../media/store.ts";
import type { DueTimers } from "../timers/due.ts";
import type { RequestLoad } from "./load.ts";
import type { DomainBus } from "../events/domain.ts";
import type { Outbound } from "../modules/messages/outbound.ts";
import type { SendingGate } from "../modules/companies/sending.ts";
import type { NumberCheck } from "../modules/contactlists/numbercheck.ts";
import type { CalendarJobs } from "../jobs/calendar.ts";
import type { Engine } from "../automation/handler.ts";
import type { NumberChecks } from "../modules/contacts/checks.ts";
import type { Metrics } from "../metrics/metrics.ts";
import type { Ownership } from "../cluster/ownership.ts";

export interface Deps {
  config: Config;
  control: Control;
  registry: TenantRegistry;
  hub: Hub;
  presence: Presence;
  tokens: TokenService;
  /** Companies' secrets at rest (AI keys, integration credentials). */
  secrets: SecretBox;
  /** Which addresses companies may have the server call (AI servers, integrations). */
  addresses: AddressPolicy;
  /** Dialogflow ES (queue integrations), with its cache of access tokens. */
  dialogflow: DialogflowClient;
  loginLimiter: FailureLimiter;
  signupLimiter: FailureLimiter;
  sessions: SessionManager;
  inbox: Inbox;
  media: MediaStore;
  /** Calls per send-API token. */
  apiLimiter: CallLimiter;
  /** Send-API calls with a token nobody holds, per address. */
  apiTokenFailures: FailureLimiter;
  /** Database-backed timers (scheduled messages, ...). */
  timers: DueTimers;
  /** Domain events: services tell what happened, the parts that react listen. */
  bus: DomainBus;
  /** The one door for sending to a contact as the company. */
  outbound: Outbound;
  /** Whether a company is stopped (deactivated, overdue): the outbound doors ask it before each send. */
  gate: SendingGate;
  /** The program's now for the automation (tests pass a controllable clock). */
  clock: () => Date;
  /** Requests in flight: background passes give way to them. */
  load: RequestLoad;
  /** The contact lists' paced WhatsApp check of their numbers. */
  numberCheck: NumberCheck;
  /** WhatsApp's number checks: known answers first, the rest asked within each connection's caps. */
  checks: NumberChecks;
  /** Croner calendar jobs (the invoices). */
  jobs: CalendarJobs;
  /** The conversation engine's door for the flow editor's Testar (a run started in a ticket's lane). */
  flowTests: Pick<Engine, "testFlow">;
  /** What GET /metrics reports; absent without METRICS_TOKEN, so nothing is counted then. */
  metrics?: Metrics;
  /** With REDIS_URL: passes a request for a company another instance holds to that instance. */
  forwarder?: MiddlewareHandler<AppEnv>;
  /** Which companies this instance runs (all of them without REDIS_URL); `owner(companyId)` names the one that does. */
  ownership: Ownership;
}

import type { Profile } from "../../contracts/profiles.ts";
export type { Profile };

/** The verified caller. companyId comes from the token, never from the request. */
export interface Actor {
  userId: number;
  companyId: number;
  profile: Profile;
  super: boolean;
  email: string;
  /** The sign-in session the token belongs to (sid): logout ends what it opened. */
  sessionId: string;
}

export type AppEnv = {
  Variables: {
    requestId: string;
    clientIp: string;
    actor: Actor;
    tenant: Tenant;
  };
};

/**
 * What a service call needs from a request: the caller's company database and identity,
 * and the doors for side effects (hub, channel sessions, media, the control database).
 */
export function serviceCtx(c: { get: <K extends "tenant" | "actor">(k: K) => AppEnv["Variables"][K] }, deps: Deps) {
  return {
    tenant: c.get("tenant"),
    actor: c.get("actor"),
    hub: deps.hub,
    bus: deps.bus,
    outbound: deps.outbound,
    control: deps.control.db,
    sessions: deps.sessions,
    media: deps.media,
  };
}
