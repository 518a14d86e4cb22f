// Wires the program together: used by main.ts and by the tests, which start the same
// server on 127.0.0.1 with a temporary data folder.
import { holdPasswordThreads } from "./auth/password.ts";
import { type Config, controlLocation } from "./config.ts";
import { type ControlDb, openControl } from "./tenancy/control.ts";
import { TenantRegistry } from "./tenancy/registry.ts";
import { Checkpoints } from "./tenancy/checkpoints.ts";
import { companiesInFiles, tenantLocator } from "./modules/companies/locator.ts";
import { MemoryHub } from "./realtime/hub.ts";
import { type Cluster, openCluster } from "./cluster/cluster.ts";
import { Presence } from "./realtime/presence.ts";
import { loadSecrets } from "./auth/secrets.ts";
import { SecretBox } from "./secrets/box.ts";
import { AddressPolicy } from "./integrations/addresses.ts";
import { DialogflowClient } from "./integrations/dialogflow/client.ts";
import { TokenService } from "./auth/tokens.ts";
import { type CallLimiter, type FailureLimiter, RateLimiter, type RateLimitOptions, WindowLimiter } from "./http/rate-limit.ts";
import { type Pace, SessionManager } from "./channels/manager.ts";
import { sandboxProvider } from "./channels/sandbox/provider.ts";
import { baileysProvider, type BaileysProviderOptions } from "./channels/baileys/provider.ts";
import { Inbox, type InboxDeps } from "./inbox/inbox.ts";
import type { InboundHandler } from "./inbox/handlers.ts";
import { MediaStore } from "./media/store.ts";
import { join } from "node:path";
import { bootstrap, type BootstrapResult } from "./tenancy/bootstrap.ts";
import { announceServer } from "./tenancy/holders.ts";
import { buildApp } from "./app.ts";
import { armAllLapses, lapseJob } from "./modules/companies/lapse.ts";
import type { Deps } from "./http/context.ts";
import { errorFields, log, setLogLevel } from "./log.ts";
import { DueTimers } from "./timers/due.ts";
import { schedulesJob } from "./modules/schedules/sender.ts";
import { domainBus } from "./events/domain.ts";
import { CompanyOutbound } from "./modules/messages/outbound.ts";
import { SendingGate } from "./modules/companies/sending.ts";
import { listenToMessages, listenToTicketMoves } from "./modules/tickets/listeners.ts";
import { listenForNotices } from "./modules/tickets/notices.ts";
import { Goodbyes } from "./modules/tickets/goodbye.ts";
import { ratingHandler } from "./modules/tickets/rating.ts";
import { campaignReplyHandler } from "./modules/campaigns/reply.ts";
import { moveBySystem } from "./modules/tickets/moves.ts";
import { Engine } from "./automation/handler.ts";
import { TicketTimers } from "./automation/timers/timers.ts";
import { NumberCheck } from "./modules/contactlists/numbercheck.ts";
import { NumberChecks } from "./modules/contacts/checks.ts";
import { RequestLoad } from "./http/load.ts";
import { CalendarJobs } from "./jobs/calendar.ts";
import { invoiceJob } from "./modules/billing/invoices.ts";
import { CampaignDispatcher } from "./modules/campaigns/dispatcher.ts";
import { type CampaignClock, realClock } from "./modules/campaigns/pacing.ts";
import { Metrics } from "./metrics/metrics.ts";
import { AddressBook } from "./cluster/addresses.ts";
import { forwarding } from "./cluster/forward.ts";
import { hopKey } from "./cluster/proxy.ts";
import { type CompanyWork, type Ownership, type PlatformWork, soleOwnership } from "./cluster/ownership.ts";

/**
 * How long a shutdown waits for the inbound queue (main.ts exits after 10 s in all).
 * Media downloads still running give up halfway: their messages are stored without it.
 */
const INBOX_DRAIN_MS = 4_000;
/** How long a company handed to another instance waits for its inbound messages to be stored. */
const HANDOVER_DRAIN_MS = 4_000;

export interface Running {
  url: string;
  deps: Deps;
  boot: BootstrapResult;
  /** The campaigns' dispatcher (tests wait for its runners). */
  campaigns: CampaignDispatcher;
  finished: Promise<void>;
  close(): Promise<void>;
}

export interface ServerOptions {
  webRoot?: string;
  /** The baileys provider's seams (its socket factory): tests stand in for WhatsApp here. */
  baileys?: BaileysProviderOptions;
  /** The sessions' time and waits (the boot's stagger): tests drive them. */
  sessions?: Partial<Pace>;
  /** The inbox's limits (media download timeout): tests shorten them. */
  inbox?: Pick<InboxDeps, "mediaTimeoutMs">;
  /** The program's now for the automation: tests move it forward. */
  clock?: () => Date;
  /** Inbound handlers run after the program's own (tests plug in here). */
  extraHandlers?: InboundHandler[];
  /** The flows' randomizer source (tests give their own). */
  flowRandom?: () => number;
  /** How an integration waits between a bot's bubbles (tests record the waits instead). */
  botPause?: (ms: number) => Promise<void>;
  /** The campaigns' waits and random picks: tests drive the pace. */
  campaignClock?: Partial<Pick<CampaignClock, "sleep" | "random">>;
  /** How many campaign sends between two asks for a full collection (tests: a few). */
  campaignSendsPerCollection?: number;
}

const FAILURE_LIMITS: Record<"login" | "signup" | "apiToken", RateLimitOptions> = {
  login: { max: 5, windowMs: 15 * 60_000, baseLockMs: 30_000, maxLockMs: 15 * 60_000 },
  signup: { max: 10, windowMs: 60 * 60_000, baseLockMs: 15 * 60_000, maxLockMs: 60 * 60_000 },
  apiToken: { max: 20, windowMs: 60_000, baseLockMs: 60_000, maxLockMs: 15 * 60_000 },
};
/** The send API's calls per token. */
const API_CALLS = { max: 60, windowMs: 60_000 };

/** The limits in this process, or with REDIS_URL counted by every instance. */
function limiters(cluster?: Cluster) {
  const failures = (name: keyof typeof FAILURE_LIMITS): FailureLimiter =>
    cluster ? cluster.failures(name, FAILURE_LIMITS[name]) : new RateLimiter(FAILURE_LIMITS[name]);
  const apiLimiter: CallLimiter = cluster
    ? cluster.calls("api", API_CALLS.max, API_CALLS.windowMs)
    : new WindowLimiter(API_CALLS.max, API_CALLS.windowMs);
  return { loginLimiter: failures("login"), signupLimiter: failures("signup"), apiTokenFailures: failures("apiToken"), apiLimiter };
}

export async function openDeps(config: Config, opts: ServerOptions = {}) {
  await Deno.mkdir(config.dataDir, { recursive: true });
  const control = await openControl(controlLocation(config));
  const installation = await loadSecrets(config);
  const secrets = new SecretBox(installation.box);
  const locator = tenantLocator(config, control.db, secrets);
  const registry = new TenantRegistry(locator.locate, config.tenantCacheSize, new Checkpoints());
  const cluster = config.redisUrl ? openCluster(config.redisUrl, config.redisPrefix) : undefined;
  const hub = cluster?.hub ?? new MemoryHub();
  const ownership = await ownershipFor(config, control.db);
  const media = new MediaStore(join(config.dataDir, "media"));
  const bus = domainBus();
  // The door sends through the sessions, which deliver to the inbox, whose handlers use
  // the door: the one late binding of the program, kept to this closure.
  const checks = new NumberChecks(config.numberChecks, opts.clock);
  const clock = opts.clock ?? (() => new Date());
  // First on the bus: a stop is known to the door before any other listener acts on it.
  const gate = new SendingGate(control.db, clock);
  gate.listen(bus);
  const outbound = new CompanyOutbound({ hub, bus, media, checks, gate, sessions: { connected: (c, w) => sessions.connected(c, w) } });
  // The conversation engine reaches the inbox's lanes and the timers once they exist.
  const engine: Engine = new Engine({
    registry,
    control: control.db,
    outbound,
    move: (t, ticketId, patch) => moveBySystem({ hub, bus }, t, ticketId, patch),
    now: () => deps.clock(),
    lane: <T>(companyId: number, ticketId: number, fn: () => Promise<T>): Promise<T> => inbox.ticketLane(companyId, ticketId, fn),
    arm: (companyId, kind, nextAt) => deps.timers.arm(companyId, kind, nextAt),
    media,
    hub,
    flows: { ...config.flows, random: opts.flowRandom ?? Math.random },
    secrets: () => deps.secrets,
    addresses: () => deps.addresses,
    dialogflow: () => deps.dialogflow,
    pause: opts.botPause ?? ((ms) => new Promise((r) => setTimeout(r, ms))),
    speechUrl: config.azureSpeechUrl,
  });
  const handlers: InboundHandler[] = [ratingHandler(outbound), campaignReplyHandler, engine.handler, ...opts.extraHandlers ?? []];
  const inbox: Inbox = new Inbox({ registry, hub, bus, media, outbound, handlers, ...opts.inbox });
  const sessions: SessionManager = new SessionManager({
    registry,
    control: control.db,
    hub,
    inbox,
    pace: opts.sessions,
    owns: (companyId) => ownership.owns(companyId),
    // deps is made below; a connection only comes up once the server has started.
    onConnected: (companyId) => {
      deps.numberCheck.kick(companyId);
      void campaigns.connected(companyId).catch((err) => log.warn("campaigns not woken", { companyId, ...errorFields(err) }));
    },
    providers: {
      sandbox: sandboxProvider({ registry, hub, media }),
      baileys: baileysProvider({
        version: { configured: config.waVersion, fetchLatest: config.waVersionFetch ? undefined : null },
        ...opts.baileys,
      }),
    },
  });
  // Order matters: tracking and realtime first, so notices and automation see a tracked, published move.
  listenToTicketMoves(bus, hub);
  listenToMessages(bus, hub);
  const goodbyes = new Goodbyes({
    registry,
    outbound,
    arm: (companyId, kind, nextAt) => deps.timers.arm(companyId, kind, nextAt),
    now: () => deps.clock(),
  });
  listenForNotices(bus, outbound, goodbyes);
  engine.listen(bus);
  const addresses = new AddressPolicy(config.outboundPrivateAddresses);
  const deps: Deps = {
    config,
    control,
    registry,
    hub,
    presence: new Presence(registry, hub),
    tokens: new TokenService(installation),
    secrets,
    addresses,
    dialogflow: new DialogflowClient({ apiUrl: config.dialogflowApiUrl, addresses }),
    ...limiters(cluster),
    sessions,
    inbox,
    media,
    timers: undefined as unknown as DueTimers,
    bus,
    outbound,
    gate,
    clock,
    load: new RequestLoad(),
    numberCheck: new NumberCheck({ registry, sessions, hub, checks, owns: (id) => ownership.owns(id) }, config.numberChecksPerSecond),
    checks,
    jobs: undefined as unknown as CalendarJobs,
    flowTests: engine,
    ownership,
  };
  const ticketTimers = new TicketTimers({
    registry,
    outbound,
    move: (t, id, patch) => moveBySystem({ hub, bus }, t, id, patch),
    lane: (companyId, ticketId, fn) => inbox.ticketLane(companyId, ticketId, fn),
    busy: () => deps.load.busy(),
  }, control.db, () => deps.timers, deps.clock);
  ticketTimers.listen(bus);
  const campaigns: CampaignDispatcher = new CampaignDispatcher({
    ...deps,
    clock: { ...realClock(deps.clock), ...opts.campaignClock },
    timers: () => deps.timers,
    busy: () => deps.load.busy(),
    sendsPerCollection: opts.campaignSendsPerCollection,
  });
  campaigns.listen(bus);
  // The jobs reach the other doors through deps, so the timers are made last.
  deps.timers = new DueTimers(control.db, [schedulesJob(deps), engine.wakeJob, ...ticketTimers.jobs(), lapseJob(control.db, hub, bus), campaigns.job, goodbyes], deps.clock, ownership);
  deps.jobs = new CalendarJobs([invoiceJob(control.db, config.invoiceCron)], deps.clock);
  if (config.metricsToken) deps.metrics = metricsOf(deps);
  const book = cluster ? new AddressBook(cluster.commands, cluster.prefix, config.leaseTtlMs) : undefined;
  if (book) deps.forwarder = forwarding(deps, book, await hopKey(installation.access));
  return { deps, locator, campaigns, cluster, book };
}

/** The metrics read the doors' own counts at scrape time; messages are heard on the bus. */
function metricsOf(deps: Deps) {
  const metrics = new Metrics({
    realtimeConnections: () => deps.hub.count(),
    sessionsByStatus: () => deps.sessions.countByStatus(),
    dueTimersPending: () => deps.timers.pending(),
    openTenants: () => deps.registry.openCount,
    leasesHeld: () => deps.ownership.held(),
  });
  metrics.listen(deps.bus);
  return metrics;
}

export async function startServer(config: Config, opts: ServerOptions = {}): Promise<Running> {
  setLogLevel(config.logLevel);
  const { deps, locator, campaigns, cluster, book } = await openDeps(config, opts);
  const boot = await bootstrap(config, { control: deps.control.db, registry: deps.registry, locator, clock: deps.clock });
  if (config.controlDb) await warnOfFiles(deps.control.db);
  await deps.ownership.start(companyWork(deps, campaigns), platformWork(deps));
  deps.timers.start();
  const app = buildApp(deps, locator, opts);
  const releasePasswordThreads = holdPasswordThreads();
  const ac = new AbortController();
  let resolveUrl: (u: string) => void;
  const url = new Promise<string>((r) => resolveUrl = r);
  const server = Deno.serve({
    port: config.port,
    hostname: config.host,
    signal: ac.signal,
    onListen: ({ hostname, port }) => resolveUrl(`http://${hostname === "0.0.0.0" ? "127.0.0.1" : hostname}:${port}`),
  }, app.fetch);
  book?.announce(deps.ownership.instanceId, config.instanceUrl ?? reachableAt(config.host, (server.addr as Deno.NetAddr).port));
  const finished = server.finished.then(async () => {
    // Nothing is taken or handed over any more; the leases go once everything has stopped.
    await deps.ownership.stop();
    await deps.timers.stop();
    // A send in flight ends and is settled while the sessions and databases are still up.
    await campaigns.stop();
    await deps.jobs.stop();
    await deps.numberCheck.stop();
    deps.inbox.search.stop();
    // Sockets end and their key writes land before the databases close.
    await deps.sessions.closeAll();
    // WhatsApp was told every message the sockets handed over arrived: store them first.
    if (!await deps.inbox.drain(INBOX_DRAIN_MS)) log.warn("shutdown: inbound messages still queued were not stored");
    await deps.registry.close();
    deps.control.close();
    await deps.ownership.releaseAll();
    book?.stop();
    cluster?.close();
    releasePasswordThreads();
  });
  const listening = await url;
  // The command line refuses to restore or import under a running server (server/admin.ts).
  const unannounce = await announceServer(config.dataDir, listening);
  const closed = finished.finally(unannounce);
  return {
    url: listening,
    deps,
    boot,
    campaigns,
    finished: closed,
    async close() {
      // Stop accepting, end the long-lived streams, let requests in flight finish,
      // then close the databases.
      const done = server.shutdown();
      deps.hub.closeAll();
      await done;
      await closed;
    },
  };
}

/** Where the other instances reach this one when INSTANCE_URL is unset. */
function reachableAt(host: string, port: number): string {
  const loopback = host === "127.0.0.1" || host === "::1" || host === "localhost";
  return `http://${loopback ? "127.0.0.1" : Deno.hostname()}:${port}`;
}

/** Without REDIS_URL this process owns everything, and Redis's client is not even loaded. */
async function ownershipFor(config: Config, control: ControlDb): Promise<Ownership> {
  if (!config.redisUrl) return soleOwnership();
  const { redisOwnership } = await import("./cluster/leases.ts");
  return redisOwnership({ redisUrl: config.redisUrl, instanceId: config.instanceId, leaseTtlMs: config.leaseTtlMs, prefix: config.redisPrefix }, control);
}

/** A company's work on this instance, started when it is taken and stopped before it is handed over. */
function companyWork(deps: Deps, campaigns: CampaignDispatcher): CompanyWork {
  return {
    startAll: () => deps.sessions.startAll(),
    async start(companyIds) {
      await deps.sessions.startCompanies(companyIds);
      // Their due rows are read now, not at the end of the current sleep.
      deps.timers.recheck();
    },
    async stop(companyId) {
      await deps.sessions.stopCompany(companyId);
      await campaigns.release(companyId);
      await deps.numberCheck.idle(companyId);
      await deps.timers.settle();
      if (!await deps.inbox.quiet(HANDOVER_DRAIN_MS)) log.warn("hand-over: inbound messages still queued", { companyId });
      await deps.inbox.search.forget(companyId);
      await deps.registry.forget(companyId);
    },
    connections: () => deps.sessions.liveCount(),
  };
}

function platformWork(deps: Deps): PlatformWork {
  return {
    async start() {
      await armAllLapses(deps.control.db, deps.clock());
      deps.jobs.start();
    },
    stop: () => deps.jobs.stop(),
  };
}

/** Hosts sharing the control database must not hold companies whose databases are files (README "Several instances"). */
async function warnOfFiles(control: ControlDb) {
  const ids = await companiesInFiles(control);
  if (ids.length) log.warn("the control database is shared (CONTROL_DB_URL), but these companies' databases are files in one DATA_DIR: move them to libSQL servers before another host holds them", { companyIds: ids });
}

export function announceAdmin(boot: BootstrapResult) {
  if (!boot.created) return;
  if (boot.generatedPassword) {
    console.log(
      `\n  First start: super admin created\n    email:    ${boot.adminEmail}\n    password: ${boot.generatedPassword}\n` +
        `  (shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose them)\n`,
    );
  } else log.info("super admin created", { email: boot.adminEmail });
}
