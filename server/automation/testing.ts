// Test support for the engine's scenarios: a real server with a sandbox connection, a
// customer who writes through the sandbox phone, the phone's inbox read back, and the
// program's clock, which the test moves (ServerOptions.clock).
import { eq } from "drizzle-orm";
import { ADMIN, sandboxConnection, startTestServer, type TestServer, waitFor } from "../testing.ts";
import { ticketAutomation } from "../../db/tenant/automation.ts";
import type { MessageDto } from "../modules/messages/dto.ts";
import { BOT_WAKE } from "./wake.ts";

/** Monday 2030-01-07 10:00 in São Paulo: open on the default week, and later than any real instant. */
export const MONDAY_10AM = "2030-01-07T13:00:00Z";
export const CUSTOMER = "5511955550001";
const COMPANY = 1;

export interface Bot {
  s: TestServer;
  token: string;
  whatsappId: number;
  clock: { at: Date; set(iso: string): void; add(minutes: number): void };
  /** The customer writes; resolves once the handlers are done with it. undefined: not stored (dropped). */
  say(body: string, number?: string): Promise<MessageDto | undefined>;
  /** What the customer's phone received, oldest first. */
  phone(number?: string): Promise<string[]>;
  // deno-lint-ignore no-explicit-any
  ticket(id: number): Promise<any>;
  state(ticketId: number): Promise<typeof ticketAutomation.$inferSelect | undefined>;
  /** The company's botWake timer fires now (at the clock's instant). */
  wake(): Promise<void>;
  /** Stops the server and starts a new one on the same data folder and clock. */
  restart(): Promise<void>;
  // deno-lint-ignore no-explicit-any
  api(path: string, body?: unknown, method?: string): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
}

/** A server whose "Loja" sandbox connection is made with the fields `prepare` answers (it may make queues first). */
export async function startBot(
  prepare: (api: Bot["api"]) => Promise<Record<string, unknown>>,
  opts: {
    clock?: string;
    flowRandom?: () => number;
    env?: Record<string, string>;
    botPause?: (ms: number) => Promise<void>;
  } = {},
): Promise<Bot> {
  const dataDir = await Deno.makeTempDir({ prefix: "engine-test-" });
  const clock = {
    at: new Date(opts.clock ?? MONDAY_10AM),
    set(iso: string) {
      this.at = new Date(iso);
    },
    add(minutes: number) {
      this.at = new Date(this.at.getTime() + minutes * 60_000);
    },
  };
  const start = async () => {
    // Flows say their texts at once (no "typing…" pause) in tests.
    const s = await startTestServer({
      dataDir,
      clock: () => clock.at,
      env: { FLOW_TYPING_MS: "0", ...opts.env },
      flowRandom: opts.flowRandom,
      botPause: opts.botPause,
    });
    return { s, token: (await s.login(ADMIN.email, ADMIN.password)).token };
  };
  let { s, token } = await start();
  const api: Bot["api"] = async (path, body, method) => {
    const r = await s.call(path, { token, body, method });
    if (r.status >= 400) {
      throw new Error(`${method ?? "POST"} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    }
    return r;
  };
  const w = await sandboxConnection(s, token, "Loja", await prepare(api));
  const bot: Bot = {
    get s() {
      return s;
    },
    get token() {
      return token;
    },
    whatsappId: w.id,
    clock,
    api,
    async say(body, number = CUSTOMER) {
      const r = await s.call(`/sandbox/${w.id}/inbound`, {
        token,
        body: { number, body, name: "Bia Souza" },
      });
      if (r.status !== 201) throw new Error(`inbound: ${r.status} ${JSON.stringify(r.body)}`);
      await s.deps.inbox.settled();
      return r.body[0];
    },
    async phone(number = CUSTOMER) {
      const r = await s.call(`/sandbox/${w.id}/outbox?number=${number}`, { token });
      return (r.body.records as { body: string }[]).map((m) => m.body);
    },
    async ticket(id) {
      return (await s.call(`/tickets/${id}`, { token })).body;
    },
    state: (ticketId) =>
      s.deps.registry.with(COMPANY, async (t) => {
        const [row] = await t.db.select().from(ticketAutomation).where(
          eq(ticketAutomation.ticketId, ticketId),
        );
        return row;
      }),
    async wake() {
      // The row holds the fake clock's instant (years ahead): make it due by the real one.
      await s.deps.timers.arm(COMPANY, BOT_WAKE, new Date().toISOString());
      await waitFor(
        async () => {
          const rows = await s.deps.control.db.query.dueTimers.findMany();
          return !rows.some((r) => r.kind === BOT_WAKE && Date.parse(r.nextAt) <= Date.now());
        },
        3000,
        "the wake-up to run",
      );
      await s.deps.inbox.settled();
    },
    async restart() {
      await s.stop();
      ({ s, token } = await start());
    },
    async stop() {
      await s.stop();
      await Deno.remove(dataDir, { recursive: true });
    },
  };
  return bot;
}
