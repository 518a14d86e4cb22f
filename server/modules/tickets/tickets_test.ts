import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer, type TestServer } from "../../testing.ts";
import { queues } from "../../../db/tenant/schema.ts";
import { dayBounds } from "../settings/timezone.ts";

async function desk(fn: (s: TestServer, token: string, ctx: { w: number; sales: number; support: number }) => Promise<void>) {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const [sales, support] = await s.deps.registry.with(1, (t) =>
      t.db.insert(queues).values([{ name: "Vendas", color: "#111111" }, { name: "Suporte", color: "#222222" }]).returning());
    const w = await sandboxConnection(s, token);
    await fn(s, token, { w: w.id, sales: sales.id, support: support.id });
  } finally {
    await s.stop();
  }
}

Deno.test("tickets: a day in the company's time zone", () => {
  assert.deepEqual(dayBounds("2026-11-22", "America/Sao_Paulo"), {
    start: "2026-11-22T03:00:00.000Z",
    end: "2026-11-23T03:00:00.000Z",
  });
  assert.deepEqual(dayBounds("2026-03-29", "Europe/Lisbon"), {
    start: "2026-03-29T00:00:00.000Z",
    end: "2026-03-29T23:00:00.000Z",
  });
});

Deno.test("tickets: filters by queue, user, unread and day; agents see only theirs", async () => {
  await desk(async (s, token, { w, sales, support }) => {
    const write = (number: string) => s.call(`/sandbox/${w}/inbound`, { token, body: { number, body: "oi" } });
    const ids: number[] = [];
    for (const n of ["5511900000001", "5511900000002", "5511900000003"]) ids.push((await write(n)).body[0].ticketId);
    await s.call(`/tickets/${ids[0]}`, { token, method: "PUT", body: { queueId: sales } });
    await s.call(`/tickets/${ids[1]}`, { token, method: "PUT", body: { queueId: support } });
    await s.call(`/tickets/${ids[2]}`, { token, method: "PUT", body: { status: "open" } });
    await s.call(`/messages/${ids[2]}`, { token });

    // The admin looks at everyone's tickets (showAll); agents ask as they are.
    const list = async (q: string, t = token) => (await s.call(`/tickets?${t === token ? "showAll=true&" : ""}${q}`, { token: t })).body.tickets.map((x: { id: number }) => x.id).sort();
    assert.deepEqual(await list(`queueIds=[${sales}]`), [ids[0]]);
    assert.deepEqual(await list(`queueIds=${sales},${support}`), [ids[0], ids[1]]);
    assert.deepEqual(await list("users=[1]"), [ids[2]]);
    assert.deepEqual(await list("withUnreadMessages=true"), [ids[0], ids[1]]);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
    assert.equal((await list(`date=${today}`)).length, 3);
    assert.equal((await list("date=2001-01-01")).length, 0);
    assert.equal((await s.call("/tickets?queueIds=abc", { token })).body.field, "queueIds");

    await s.call("/users", { token, body: { name: "Agente", email: "agente@example.com", password: "secret12", queueIds: [sales] } });
    const agent = await s.login("agente@example.com", "secret12");
    assert.deepEqual(await list("status=pending", agent.token), [ids[0]], "pending tickets of their queue only");
    assert.deepEqual(await list("status=pending&showAll=true", agent.token), [ids[0]], "showAll needs admin or allTicket");
    assert.equal((await s.call(`/tickets/${ids[1]}`, { token: agent.token })).body.error, "ERR_NO_PERMISSION");
    assert.equal((await s.call(`/tickets/${ids[2]}`, { token: agent.token })).body.error, "ERR_NO_PERMISSION");

    await s.call(`/tickets/${ids[0]}`, { token: agent.token, method: "PUT", body: { status: "open" } });
    const admins = async (q: string) => (await s.call(`/tickets?${q}`, { token })).body.tickets.map((x: { id: number }) => x.id).sort();
    assert.deepEqual(await admins("status=open"), [ids[2]], "without showAll an admin sees his own");
    assert.deepEqual(await admins("status=open&showAll=true"), [ids[0], ids[2]]);
  });
});

Deno.test("tickets: created from the desk, ERR_OTHER_OPEN_TICKET names the other one, deleted by admins", async () => {
  await desk(async (s, token, { w, sales, support }) => {
    const contact = await s.call("/contacts", { token, body: { name: "Nina", number: "5511977770000" } });
    const created = await s.call("/tickets", { token, body: { contactId: contact.body.id, queueId: sales } });
    assert.equal(created.status, 201);
    assert.equal(created.body.status, "open");
    assert.equal(created.body.user.name, "Admin");
    assert.equal(created.body.whatsappId, w, "the default connection");
    const again = await s.call("/tickets", { token, body: { contactId: contact.body.id } });
    assert.equal(again.status, 409);
    assert.equal(again.body.error, "ERR_OTHER_OPEN_TICKET");
    assert.equal(again.body.ticket.user.name, "Admin");
    assert.equal(again.body.ticket.queue.name, "Vendas");

    await s.call("/users", { token, body: { name: "Agente", email: "agente@example.com", password: "secret12", queueIds: [sales] } });
    const agent = await s.login("agente@example.com", "secret12");
    const other = await s.call("/contacts", { token, body: { name: "Otto", number: "5511977771111" } });
    assert.equal((await s.call("/tickets", { token: agent.token, body: { contactId: other.body.id } })).body.field, "queueId");
    assert.equal((await s.call("/tickets", { token: agent.token, body: { contactId: other.body.id, queueId: support } })).status, 403);
    const mine = await s.call("/tickets", { token: agent.token, body: { contactId: other.body.id, queueId: sales } });
    assert.equal(mine.body.user.name, "Agente");
    assert.equal((await s.call("/tickets", { token, body: { contactId: 9999 } })).body.error, "ERR_NO_CONTACT_FOUND");
    assert.equal((await s.call("/tickets", { token, body: { contactId: other.body.id, whatsappId: 999 } })).body.error, "ERR_NO_WAPP_FOUND");

    assert.equal((await s.call(`/tickets/${mine.body.id}`, { token: agent.token, method: "DELETE" })).status, 403);
    assert.equal((await s.call(`/tickets/${mine.body.id}`, { token, method: "DELETE" })).status, 204);
    assert.equal((await s.call(`/tickets/${mine.body.id}`, { token })).status, 404);
  });
});

Deno.test("tickets: every move keeps its service cycle; a transfer to a queue without a user waits in line", async () => {
  await desk(async (s, token, { w, sales }) => {
    const cycles = async (ticketId: number) =>
      (await s.deps.registry.with(1, (t) =>
        t.client.execute({ sql: "SELECT queued_at, started_at, finished_at, user_id, queue_id, wait_seconds, support_seconds FROM ticket_trackings WHERE ticket_id = ? ORDER BY id", args: [ticketId] }))).rows;
    const id = (await s.call(`/sandbox/${w}/inbound`, { token, body: { number: "5511966660000", body: "oi" } })).body[0].ticketId;
    let c = await cycles(id);
    assert.equal(c.length, 1);
    assert.ok(c[0].queued_at && !c[0].started_at && !c[0].finished_at);

    await new Promise((r) => setTimeout(r, 1100));
    await s.call(`/tickets/${id}`, { token, method: "PUT", body: { status: "open" } });
    c = await cycles(id);
    assert.ok(c[0].started_at);
    assert.equal(c[0].user_id, 1);
    assert.equal(c[0].wait_seconds, Math.round((Date.parse(String(c[0].started_at)) - Date.parse(String(c[0].queued_at))) / 1000));
    assert.ok(Number(c[0].wait_seconds) >= 1, "the wait is stored when the ticket is accepted");

    const moved = await s.call(`/tickets/${id}`, { token, method: "PUT", body: { queueId: sales, userId: null } });
    assert.equal(moved.body.status, "pending");
    assert.equal(moved.body.userId, null);
    c = await cycles(id);
    assert.equal(c[0].queue_id, sales);
    assert.equal(c[0].started_at, null);

    await s.call(`/tickets/${id}`, { token, method: "PUT", body: { status: "open" } });
    await s.call(`/tickets/${id}`, { token, method: "PUT", body: { status: "closed" } });
    c = await cycles(id);
    assert.ok(c[0].finished_at);
    assert.equal(c.length, 1);
    assert.equal(c[0].support_seconds, Math.round((Date.parse(String(c[0].finished_at)) - Date.parse(String(c[0].started_at))) / 1000));

    await s.call(`/sandbox/${w}/inbound`, { token, body: { number: "5511966660000", body: "voltei" } });
    c = await cycles(id);
    assert.equal(c.length, 2, "coming back after closing starts a new cycle");
    assert.ok(c[1].queued_at && !c[1].finished_at);
  });
});

Deno.test("tickets: the accept greeting and the transfer notice follow the settings; variables are rendered", async () => {
  await desk(async (s, token, { w, sales }) => {
    const phone = async () =>
      (await s.call(`/sandbox/${w}/outbox?number=5511944440000`, { token })).body.records.map((r: { body: string }) => r.body);
    const id = (await s.call(`/sandbox/${w}/inbound`, { token, body: { number: "5511944440000", name: "Ana Souza", body: "oi" } }))
      .body[0].ticketId;
    await s.call(`/tickets/${id}`, { token, method: "PUT", body: { status: "open" } });
    assert.deepEqual(await phone(), [], "both settings start disabled");
    await s.call(`/tickets/${id}`, { token, method: "PUT", body: { status: "pending" } });

    await s.call("/settings/sendGreetingAccepted", { token, method: "PUT", body: { value: "enabled" } });
    await s.call("/settings/sendMsgTransfTicket", { token, method: "PUT", body: { value: "enabled" } });
    await s.call(`/tickets/${id}`, { token, method: "PUT", body: { status: "open" } });
    let sent = await phone();
    assert.equal(sent.length, 1);
    assert.match(sent[0], /^\*Mensagem Automática:\*\n(Bom dia|Boa tarde|Boa noite|Boa madrugada) \*Ana Souza\*, meu nome é \*Admin\* e agora vou prosseguir com seu atendimento!$/);

    await s.call(`/tickets/${id}`, { token, method: "PUT", body: { queueId: sales } });
    sent = await phone();
    assert.equal(sent.at(-1), "*Mensagem automática*:\nVocê foi transferido para o departamento *Vendas*\naguarde, já vamos te atender!");

    const msg = await s.call(`/messages/${id}`, { token, body: { body: "Olá {{firstName}}, protocolo {{protocol}}", sign: false } });
    assert.match(msg.body.body, /^Olá Ana, protocolo \d{14}$/);
  });
});

Deno.test("tickets: an attendant hands his ticket to a colleague, not someone else's; the connection can change", async () => {
  await desk(async (s, token, { w, sales }) => {
    for (const [name, email] of [["Ana", "ana@example.com"], ["Bia", "bia@example.com"]]) {
      await s.call("/users", { token, body: { name, email, password: "secret12", queueIds: [sales] } });
    }
    const ana = await s.login("ana@example.com", "secret12");
    const bia = await s.login("bia@example.com", "secret12");
    const id = (await s.call(`/sandbox/${w}/inbound`, { token, body: { number: "5511966661111", body: "oi" } })).body[0].ticketId;
    await s.call(`/tickets/${id}`, { token, method: "PUT", body: { queueId: sales, userId: null } });
    const biaId = bia.user.id;
    assert.equal((await s.call(`/tickets/${id}`, { token: ana.token, method: "PUT", body: { status: "open", userId: biaId } })).status, 403,
      "a waiting ticket is taken for oneself");
    await s.call(`/tickets/${id}`, { token: ana.token, method: "PUT", body: { status: "open" } });
    const handed = await s.call(`/tickets/${id}`, { token: ana.token, method: "PUT", body: { userId: biaId, queueId: sales, status: "open" } });
    assert.equal(handed.body.user.name, "Bia");
    assert.equal((await s.call(`/tickets/${id}`, { token: ana.token, method: "PUT", body: { userId: ana.user.id } })).status, 403,
      "no longer hers to move");
    assert.equal((await s.call(`/tickets/${id}`, { token, method: "PUT", body: { userId: 999 } })).body.error, "ERR_NO_USER_FOUND");

    const other = await sandboxConnection(s, token, "Outra");
    const switched = await s.call(`/tickets/${id}`, { token: bia.token, method: "PUT", body: { whatsappId: other.id } });
    assert.equal(switched.body.whatsapp.name, "Outra");
    const second = (await s.call(`/sandbox/${w}/inbound`, { token, body: { number: "5511966661111", body: "de novo" } })).body[0].ticketId;
    assert.notEqual(second, id, "the first connection has no active ticket for the contact any more");
    const clash = await s.call(`/tickets/${id}`, { token, method: "PUT", body: { whatsappId: w } });
    assert.equal(clash.body.error, "ERR_OTHER_OPEN_TICKET", "never two active tickets on one connection");
  });
});

Deno.test("tickets: the visibility matrix (admin, agent, agent with allTicket, agent without queues; with and without showAll)", async () => {
  await desk(async (s, token, { w, sales, support }) => {
    const make = async (name: string, extra: Record<string, unknown>) => {
      await s.call("/users", { token, body: { name, email: `${name}@example.com`, password: "secret12", ...extra } });
      return await s.login(`${name}@example.com`, "secret12");
    };
    const ana = await make("ana", { queueIds: [sales] });
    const bia = await make("bia", { queueIds: [support], allTicket: "enabled" });
    const caio = await make("caio", {});
    let n = 0;
    const ticket = async (queueId: number | null, owner?: string) => {
      const id = (await s.call(`/sandbox/${w}/inbound`, { token, body: { number: `55119444400${n++}`, body: "oi" } })).body[0].ticketId;
      if (queueId) await s.call(`/tickets/${id}`, { token, method: "PUT", body: { queueId, userId: null } });
      if (owner) await s.call(`/tickets/${id}`, { token: owner, method: "PUT", body: { status: "open" } });
      return id;
    };
    const waitSales = await ticket(sales);
    const waitSupport = await ticket(support);
    const waitNone = await ticket(null);
    const anaOpen = await ticket(sales, ana.token);
    const adminOpen = await ticket(null, token);
    const all = [waitSales, waitSupport, waitNone, anaOpen, adminOpen].sort();
    const seen = async (t: string, showAll: boolean) =>
      (await s.call(`/tickets?showAll=${showAll}`, { token: t })).body.tickets.map((x: { id: number }) => x.id).sort();
    const matrix: [string, string, number[], number[]][] = [
      // An admin may take any waiting ticket: they are all his list's, as in his bell.
      ["admin", token, [waitSales, waitSupport, waitNone, adminOpen].sort(), all],
      ["ana (Vendas)", ana.token, [waitSales, waitNone, anaOpen].sort(), [waitSales, waitNone, anaOpen].sort()],
      ["bia (Suporte, allTicket)", bia.token, [waitSupport, waitNone].sort(), all],
      ["caio (no queue)", caio.token, [waitNone], [waitNone]],
    ];
    for (const [who, t, own, everything] of matrix) {
      assert.deepEqual(await seen(t, false), own, `${who} without showAll`);
      assert.deepEqual(await seen(t, true), everything, `${who} with showAll`);
    }
    const open = async (t: string, id: number) => (await s.call(`/tickets/${id}`, { token: t })).status;
    assert.equal(await open(ana.token, waitSupport), 403, "another queue's waiting ticket");
    assert.equal(await open(ana.token, adminOpen), 403, "someone else's ticket");
    assert.equal(await open(caio.token, waitNone), 200);
    assert.equal(await open(bia.token, anaOpen), 200, "allTicket opens what showAll lists");
    assert.equal(await open(token, anaOpen), 200, "admins open any ticket");
    assert.equal((await s.call(`/messages/${anaOpen}`, { token: caio.token })).status, 403, "nor its messages");
  });
});

Deno.test("tickets: an admin's waiting list and its count hold every waiting ticket, whatever his own queues, as his bell does", async () => {
  await desk(async (s, token, { w, sales, support }) => {
    await s.call("/users", {
      token,
      body: { name: "Lia", email: "lia@example.com", password: "secret12", profile: "admin", queueIds: [sales] },
    });
    const lia = await s.login("lia@example.com", "secret12");
    const waiting = [];
    for (const [i, queueId] of [sales, support, null].entries()) {
      const id = (await s.call(`/sandbox/${w}/inbound`, { token, body: { number: `5511955550${i}`, body: "oi" } }))
        .body[0].ticketId as number;
      if (queueId) await s.call(`/tickets/${id}`, { token, method: "PUT", body: { queueId } });
      waiting.push(id);
    }
    const list = await s.call("/tickets?status=pending&showAll=false", { token: lia.token });
    const bell = await s.call("/tickets?status=pending&showAll=true", { token: lia.token });
    const ids = (r: typeof list) => r.body.tickets.map((t: { id: number }) => t.id).sort();
    assert.deepEqual(ids(list), [...waiting].sort(), "the desk's Aguardando");
    assert.equal(list.body.count, 3);
    assert.deepEqual(ids(list), ids(bell), "the list and the bell agree");
    // The queue filter narrows the list to what was chosen.
    const chosen = await s.call(`/tickets?status=pending&queueIds=${JSON.stringify([support])}`, { token: lia.token });
    assert.deepEqual(ids(chosen), [waiting[1]]);
  });
});
