import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { ADMIN, sandboxConnection, startTestServer, type TestServer, waitFor } from "../../testing.ts";
import { GOODBYE } from "./goodbye.ts";
import { UNDO_CLOSE_MS } from "./undo.ts";
import { tickets, ticketTrackings } from "../../../db/tenant/schema.ts";

/** A server whose program clock the test moves: a close's goodbye waits for the undo window. */
async function boot() {
  let shift = 0;
  const s = await startTestServer({ clock: () => new Date(Date.now() + shift) });
  /** The undo window of every close so far ends: their goodbyes go out. */
  const windowEnds = async () => {
    shift += UNDO_CLOSE_MS + 1000;
    await s.deps.timers.runNow(1, GOODBYE, s.deps.clock());
  };
  return { s, windowEnds };
}

/** Closes as a person would: accepted, then Resolver, and the undo window runs out. */
async function serveAndClose(s: TestServer, token: string, ticketId: number, windowEnds: () => Promise<void>) {
  await s.call(`/tickets/${ticketId}`, { token, method: "PUT", body: { status: "open" } });
  const closed = await s.call(`/tickets/${ticketId}`, { token, method: "PUT", body: { status: "closed" } });
  await windowEnds();
  return closed;
}

Deno.test("rating: close asks 1..3, a wrong answer asks again, 3 is recorded and thanked; the dashboard shows it", async () => {
  const { s, windowEnds } = await boot();
  try {
    const { token, user } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token, "Loja", {
      ratingMessage: "Como foi o atendimento, {{firstName}}?",
      complationMessage: "Obrigado pela avaliação!",
    });
    await s.call("/settings/userRating", { token, method: "PUT", body: { value: "enabled" } });
    const number = "5511955550301";
    const say = async (body: string) => (await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number, body } })).body[0];
    const phone = async () => (await s.call(`/sandbox/${w.id}/outbox?number=${number}`, { token })).body.records
      .map((r: { body: string }) => r.body);

    const first = await say("Oi, preciso de ajuda");
    const closed = await serveAndClose(s, token, first.ticketId, windowEnds);
    assert.equal(closed.body.status, "closed", "the desk sees the ticket closed at once");
    const question = await waitFor(async () => (await phone()).find((b: string) => b.startsWith("Como foi")), 3000, "question");
    assert.match(question, /^Como foi o atendimento\?\n\n/, "variables rendered (a customer known only by number has no name), then the scale");
    assert.match(question, /\*1\* - _Insatisfeito_\n\*2\* - _Satisfeito_\n\*3\* - _Muito Satisfeito_$/);

    const wrong = await say("foi bom");
    assert.equal(wrong.ticketId, first.ticketId, "an answer stays in the rated ticket");
    await waitFor(async () => (await phone()).filter((b: string) => b.startsWith("Digite de 1 a 3")).length === 1, 3000, "asked again");
    let ticket = (await s.call(`/tickets/${first.ticketId}`, { token })).body;
    assert.equal(ticket.status, "closed");
    assert.equal(ticket.unreadMessages, 0);

    await say(" 3 ");
    await waitFor(async () => (await phone()).includes("Obrigado pela avaliação!"), 3000, "completion message");
    ticket = (await s.call(`/tickets/${first.ticketId}`, { token })).body;
    assert.equal(ticket.status, "closed");
    const dash = await s.call(`/dashboard?days=1`, { token });
    assert.equal(dash.body.attendants.find((a: { id: number }) => a.id === user.id).rating, 3);

    const again = await say("Oi de novo");
    ticket = (await s.call(`/tickets/${again.ticketId}`, { token })).body;
    assert.equal(ticket.status, "pending", "after the rating, a new message is a new conversation");
  } finally {
    await s.stop();
  }
});

Deno.test("rating: two answers that are not ratings end the wait; without userRating close sends the completion message", async () => {
  const { s, windowEnds } = await boot();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token, "Loja", { complationMessage: "Atendimento encerrado." });
    const number = "5511955550302";
    const say = async (body: string) => (await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number, body } })).body[0];
    const phone = async () => (await s.call(`/sandbox/${w.id}/outbox?number=${number}`, { token })).body.records
      .map((r: { body: string }) => r.body);
    const t1 = (await say("oi")).ticketId;
    await serveAndClose(s, token, t1, windowEnds);
    await waitFor(async () => (await phone()).includes("Atendimento encerrado."), 3000, "completion message");

    await s.call("/settings/userRating", { token, method: "PUT", body: { value: "enabled" } });
    const t2 = (await say("voltei")).ticketId;
    assert.equal(t2, t1, "reopened within the window");
    await serveAndClose(s, token, t2, windowEnds);
    await waitFor(async () => (await phone()).some((b: string) => b.startsWith("Digite de 1 a 3")), 3000, "question");
    await say("hein?");
    const last = await say("quero falar com alguém");
    const ticket = (await s.call(`/tickets/${last.ticketId}`, { token })).body;
    assert.equal(ticket.status, "pending");
    assert.equal(ticket.unreadMessages, 1);
    const dash = await s.call(`/dashboard?days=1`, { token });
    assert.equal(dash.body.attendants[0].rating, 0);
  } finally {
    await s.stop();
  }
});

Deno.test("rating: the thanks after a rating is the farewell message, or without one (nor a completion message) a default text in the company's language", async () => {
  const { s, windowEnds } = await boot();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token, "Loja");
    await s.call("/settings/userRating", { token, method: "PUT", body: { value: "enabled" } });
    const number = "5511955550303";
    const say = async (body: string) => (await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number, body } })).body[0];
    const phone = async () => (await s.call(`/sandbox/${w.id}/outbox?number=${number}`, { token })).body.records
      .map((r: { body: string }) => r.body);
    await serveAndClose(s, token, (await say("oi")).ticketId, windowEnds);
    await waitFor(async () => (await phone()).some((b: string) => b.startsWith("Digite de 1 a 3")), 3000, "question");
    await say("2");
    await waitFor(async () => (await phone()).includes("Obrigado pela sua avaliação!"), 3000, "default thanks");

    // A farewell message is the thanks after a rating.
    await s.call(`/whatsapp/${w.id}`, { token, method: "PUT", body: { farewellMessage: "Até a próxima!" } });
    await serveAndClose(s, token, (await say("voltei")).ticketId, windowEnds);
    await waitFor(async () => (await phone()).filter((b: string) => b.startsWith("Digite de 1 a 3")).length === 2, 3000, "question");
    await say("3");
    await waitFor(async () => (await phone()).includes("Até a próxima!"), 3000, "farewell message");
  } finally {
    await s.stop();
  }
});

Deno.test("rating: a bare rating after the new-ticket window is still recorded in the rated ticket; another message then starts a new one", async () => {
  const { s, windowEnds } = await boot();
  try {
    const { token, user } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token, "Loja");
    await s.call("/settings/userRating", { token, method: "PUT", body: { value: "enabled" } });
    await s.call("/settings/timeCreateNewTicket", { token, method: "PUT", body: { value: "60" } });
    const number = "5511955550304";
    const say = async (body: string) => (await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number, body } })).body[0];
    const first = (await say("oi")).ticketId;
    await serveAndClose(s, token, first, windowEnds);
    // Closed and asked two hours ago: past the 60 s window.
    const past = new Date(Date.now() - 2 * 3600_000).toISOString();
    await s.deps.registry.with(1, async (t) => {
      await t.db.update(ticketTrackings).set({ ratingAt: past }).where(eq(ticketTrackings.ticketId, first));
      await t.db.update(tickets).set({ closedAt: past }).where(eq(tickets.id, first));
    });
    const rated = await say("1");
    assert.equal(rated.ticketId, first, "the rating stays in the rated ticket");
    assert.equal((await s.call(`/tickets/${first}`, { token })).body.status, "closed");
    const dash = await s.call(`/dashboard?days=1`, { token });
    assert.equal(dash.body.attendants.find((a: { id: number }) => a.id === user.id).rating, 1);
    const next = await say("2");
    assert.notEqual(next.ticketId, first, "once rated, a new message is a new conversation");
  } finally {
    await s.stop();
  }
});
