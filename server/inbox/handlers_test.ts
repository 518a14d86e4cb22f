import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer, waitFor } from "../testing.ts";
import type { InboundHandler } from "./handlers.ts";
import {
  MESSAGE_IN,
  MESSAGE_OUT,
  TICKET_ACCEPTED,
  TICKET_CLOSED,
  TICKET_CREATED,
  TICKET_EVENTS,
} from "../events/domain.ts";

Deno.test("handlers: decide drops or passes, after runs in order per ticket, 'stop' ends the list", async () => {
  const seen: string[] = [];
  const first: InboundHandler = {
    name: "first",
    decide: ({ msg }) => msg.body === "spam" ? { kind: "drop", reason: "test" } : undefined,
    async after({ message }) {
      // The first message takes longer: the second must still be handled after it.
      if (message.body === "one") await new Promise((r) => setTimeout(r, 150));
      seen.push(`first:${message.body}`);
      if (message.body === "stop") return "stop";
    },
  };
  const second: InboundHandler = {
    name: "second",
    after: ({ message, fresh }) => void seen.push(`second:${message.body}:${fresh}`),
  };
  const s = await startTestServer({ extraHandlers: [first, second] });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const say = (body: string) =>
      s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: "5511988887777", name: "Bia", body } });
    assert.equal((await say("spam")).status, 201);
    assert.equal((await s.call("/tickets?status=pending", { token })).body.tickets.length, 0, "a dropped message opens nothing");
    await say("one");
    await say("two");
    await say("stop");
    await s.deps.inbox.settled();
    assert.deepEqual(seen, ["first:one", "second:one:true", "first:two", "second:two:false", "first:stop"]);
  } finally {
    await s.stop();
  }
});

Deno.test("handlers: ticket moves and messages are told on the domain bus, with who made them", async () => {
  const s = await startTestServer();
  try {
    const { token, user } = await s.login(ADMIN.email, ADMIN.password);
    const heard: string[] = [];
    for (const name of [...TICKET_EVENTS, MESSAGE_IN, MESSAGE_OUT] as const) {
      s.deps.bus.on(name, (e) => void heard.push(`${name}:${"byUserId" in e ? e.byUserId : e.message.body}`));
    }
    const w = await sandboxConnection(s, token);
    await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number: "5511988887777", name: "Bia", body: "oi" } });
    const ticket = (await s.call("/tickets?status=pending", { token })).body.tickets[0];
    await s.call(`/tickets/${ticket.id}`, { token, method: "PUT", body: { status: "open", userId: user.id } });
    await s.call(`/messages/${ticket.id}`, { token, body: { body: "olá", sign: false } });
    await s.call(`/tickets/${ticket.id}`, { token, method: "PUT", body: { status: "closed" } });
    await waitFor(() => heard.includes(`${TICKET_CLOSED}:${user.id}`));
    assert.deepEqual(heard, [
      `${TICKET_CREATED}:null`,
      `${MESSAGE_IN}:oi`,
      `${TICKET_ACCEPTED}:${user.id}`,
      `${MESSAGE_OUT}:olá`,
      `${TICKET_CLOSED}:${user.id}`,
    ]);
  } finally {
    await s.stop();
  }
});
