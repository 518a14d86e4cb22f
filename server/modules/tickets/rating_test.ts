import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer, waitFor } from "../../testing.ts";

Deno.test("rating: close asks 1..3, a wrong answer asks again, 3 is recorded and thanked; the dashboard shows it", async () => {
  const s = await startTestServer();
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
    await s.call(`/tickets/${first.ticketId}`, { token, method: "PUT", body: { status: "open" } });
    const closed = await s.call(`/tickets/${first.ticketId}`, { token, method: "PUT", body: { status: "closed" } });
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
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token, "Loja", { complationMessage: "Atendimento encerrado." });
    const number = "5511955550302";
    const say = async (body: string) => (await s.call(`/sandbox/${w.id}/inbound`, { token, body: { number, body } })).body[0];
    const phone = async () => (await s.call(`/sandbox/${w.id}/outbox?number=${number}`, { token })).body.records
      .map((r: { body: string }) => r.body);
    const t1 = (await say("oi")).ticketId;
    await s.call(`/tickets/${t1}`, { token, method: "PUT", body: { status: "open" } });
    await s.call(`/tickets/${t1}`, { token, method: "PUT", body: { status: "closed" } });
    await waitFor(async () => (await phone()).includes("Atendimento encerrado."), 3000, "completion message");

    await s.call("/settings/userRating", { token, method: "PUT", body: { value: "enabled" } });
    const t2 = (await say("voltei")).ticketId;
    assert.equal(t2, t1, "reopened within the window");
    await s.call(`/tickets/${t2}`, { token, method: "PUT", body: { status: "open" } });
    await s.call(`/tickets/${t2}`, { token, method: "PUT", body: { status: "closed" } });
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
