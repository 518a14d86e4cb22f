// Test support for the engine's scenarios: a real server with a sandbox connection, a
// customer who writes, the phone's inbox read back, and a clock the test moves.
import { eq, min } from "drizzle-orm";
import { ADMIN, sandboxConnection, startTestServer, type TestServer } from "../testing.ts";
import { ticketAutomation } from "../../db/tenant/automation.ts";
import { messages, tickets } from "../../db/tenant/schema.ts";
import { deliver } from "../modules/messages/service.ts";
import { loadTicket } from "../modules/tickets/dto.ts";
import { publishTicket } from "../modules/tickets/events.ts";
import { renderVariables } from "../modules/messages/variables.ts";
import { getSetting } from "../modules/settings/service.ts";
import { Engine } from "./handler.ts";
import type { MessageDto } from "../modules/messages/dto.ts";

/** Monday 2030-01-07 10:00 in São Paulo: open on the default week, and later than any real instant. */
export const MONDAY_10AM = "2030-01-07T13:00:00Z";

export interface Bot {
  s: TestServer;
  token: string;
  whatsappId: number;
  clock: { at: Date; set(iso: string): void; add(minutes: number): void };
  say(body: string, number?: string): Promise<MessageDto | undefined>;
  phone(number?: string): Promise<string[]>;
  ticket(id: number): Promise<Record<string, unknown>>;
  state(ticketId: number): Promise<typeof ticketAutomation.$inferSelect | undefined>;
  wake(): Promise<void>;
  // deno-lint-ignore no-explicit-any
  api(path: string, body?: unknown, method?: string): Promise<{ status: number; body: any }>;
}

export const CUSTOMER = "5511955550001";

/** A server with a sandbox connection made with `connection` fields; the test builds queues first through `prepare`. */
export async function startBot(
  prepare: (api: Bot["api"]) => Promise<Record<string, unknown>>,
  opts: { dataDir?: string; clock?: string } = {},
): Promise<Bot> {
  const s = await startTestServer({ dataDir: opts.dataDir });
  const { token } = await s.login(ADMIN.email, ADMIN.password);
  const api: Bot["api"] = async (path, body, method) => {
    const r = await s.call(path, { token, body, method });
    if (r.status >= 400) throw new Error(`${method ?? "POST"} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r;
  };
  const clock = {
    at: new Date(opts.clock ?? MONDAY_10AM),
    set(iso: string) {
      this.at = new Date(iso);
    },
    add(minutes: number) {
      this.at = new Date(this.at.getTime() + minutes * 60_000);
    },
  };
  const fields = await prepare(api);
  const existing = (await s.call("/whatsapp", { token })).body.find((w: { name: string }) => w.name === "Loja");
  const w = existing ?? await sandboxConnection(s, token, "Loja", fields);
  const engine = new Engine({
    registry: s.deps.registry,
    control: s.deps.control.db,
    outbound: {
      toTicket: async (t, ticket, out) =>
        await deliver({ tenant: t, hub: s.deps.hub, media: s.deps.media, sessions: s.deps.sessions }, ticket, {
          ...out,
          body: renderVariables(out.body, { contactName: ticket.contact.name, timeZone: await getSetting(t.db, "timezone") }),
        }),
    },
    move: async (t, id, patch) => {
      const before = await loadTicket(t.db, id);
      await t.db.update(tickets).set(patch).where(eq(tickets.id, id));
      const after = (await loadTicket(t.db, id))!;
      publishTicket(s.deps.hub, t.companyId, after, before ?? undefined);
      return after;
    },
    now: () => clock.at,
    lane: (_c, _t, fn) => fn(),
    arm: (c, k, n) => s.deps.timers.arm(c, k, n),
  });
  const companyId = 1;
  return {
    s,
    token,
    whatsappId: w.id,
    clock,
    api,
    async say(body, number = CUSTOMER) {
      const r = await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number, body, name: "Bia Souza" } });
      if (r.status !== 201) throw new Error(`inbound: ${r.status} ${JSON.stringify(r.body)}`);
      const message = r.body[0] as MessageDto | undefined;
      if (!message) return undefined;
      await s.deps.registry.with(companyId, async (t) => {
        const ticket = (await loadTicket(t.db, message.ticketId))!;
        const [first] = await t.db.select({ id: min(messages.id) }).from(messages).where(eq(messages.ticketId, ticket.id));
        await engine.handler.after!({ tenant: t, whatsappId: w.id, ticket, message, fresh: first.id === message.id, decisions: {} });
      });
      return message;
    },
    async phone(number = CUSTOMER) {
      const r = await s.call(`/sandbox/${w.id}/outbox?number=${number}`, { token });
      return (r.body.records as { body: string }[]).map((m) => m.body);
    },
    async ticket(id) {
      return (await s.call(`/tickets/${id}`, { token })).body;
    },
    state: (ticketId) =>
      s.deps.registry.with(companyId, async (t) => {
        const [row] = await t.db.select().from(ticketAutomation).where(eq(ticketAutomation.ticketId, ticketId));
        return row;
      }),
    async wake() {
      await engine.wakeJob.run(companyId);
    },
  };
}
