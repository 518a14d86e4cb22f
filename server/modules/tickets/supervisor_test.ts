// The supervisor profile (contracts/profiles.ts): every ticket of her queues, steps in,
// reassigns, her queues' dashboard; nothing of the company's administration.
import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer, type TestServer } from "../../testing.ts";
import { queues } from "../../../db/tenant/schema.ts";
import { mayJoinRoom } from "../../realtime/rooms.ts";
import type { Actor } from "../../http/context.ts";

interface Team {
  admin: string;
  w: number;
  sales: number;
  support: number;
  sup: { id: number; token: string };
  ana: { id: number; token: string };
  bia: { id: number; token: string };
}

async function team(fn: (s: TestServer, t: Team) => Promise<void>) {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const [sales, support] = await s.deps.registry.with(
      1,
      (t) =>
        t.db.insert(queues).values([{ name: "Vendas", color: "#111111" }, {
          name: "Suporte",
          color: "#222222",
        }]).returning(),
    );
    const w = await sandboxConnection(s, token);
    const user = async (name: string, queueIds: number[], profile = "user") => {
      const email = `${name}@example.com`;
      const u = await s.call("/users", {
        token,
        body: { name, email, password: "secret12", queueIds, profile },
      });
      assert.equal(u.status, 201, JSON.stringify(u.body));
      return { id: u.body.id as number, token: (await s.login(email, "secret12")).token };
    };
    const sup = await user("sonia", [sales.id], "supervisor");
    const ana = await user("ana", [sales.id]);
    const bia = await user("bia", [support.id]);
    await fn(s, { admin: token, w: w.id, sales: sales.id, support: support.id, sup, ana, bia });
  } finally {
    await s.stop();
  }
}

/** A customer's ticket, accepted by an agent in a queue. */
async function served(
  s: TestServer,
  t: Team,
  number: string,
  name: string,
  queueId: number,
  by: { id: number; token: string },
) {
  const stored = await s.call(`/sandbox/${t.w}/inbound`, {
    token: t.admin,
    body: { number, name, body: `sou ${name}` },
  });
  const id = stored.body[0].ticketId as number;
  await s.call(`/tickets/${id}`, { token: t.admin, method: "PUT", body: { queueId } });
  const taken = await s.call(`/tickets/${id}`, {
    token: by.token,
    method: "PUT",
    body: { status: "open", userId: by.id },
  });
  assert.equal(taken.status, 200, JSON.stringify(taken.body));
  return id;
}

const ids = (r: { body: { tickets: { id: number }[] } }) => r.body.tickets.map((x) => x.id).sort();

Deno.test("supervisor: lists, searches and opens every ticket of her queues, and none of another queue", async () => {
  await team(async (s, t) => {
    const anas = await served(s, t, "5521911110001", "Carla", t.sales, t.ana);
    const bias = await served(s, t, "5521911110002", "Dora", t.support, t.bia);

    const list = (q: string, token = t.sup.token) => s.call(`/tickets?${q}`, { token });
    assert.deepEqual(ids(await list("status=open")), [], "without Todos: her own, as anyone");
    assert.deepEqual(
      ids(await list("status=open&showAll=true")),
      [anas],
      "Todos: every ticket of her queues",
    );
    assert.deepEqual(
      ids(await list("searchParam=Carla&showAll=true")),
      [anas],
      "the search finds a colleague's conversation",
    );
    assert.deepEqual(ids(await list("searchParam=Dora&showAll=true")), [], "not another queue's");
    assert.deepEqual(
      ids(await list("status=open&showAll=true", t.ana.token)),
      [anas],
      "an agent's Todos is still his own",
    );

    assert.equal((await s.call(`/tickets/${anas}`, { token: t.sup.token })).status, 200);
    assert.equal(
      (await s.call(`/messages/${anas}`, { token: t.sup.token })).status,
      200,
      "she reads the conversation",
    );
    const foreign = await s.call(`/tickets/${bias}`, { token: t.sup.token });
    assert.equal(foreign.status, 403);
    assert.equal(foreign.body.error, "ERR_NO_PERMISSION");
  });
});

Deno.test("supervisor: steps into and reassigns a colleague's ticket of her queues, not another queue's", async () => {
  await team(async (s, t) => {
    const anas = await served(s, t, "5521911110001", "Carla", t.sales, t.ana);
    const bias = await served(s, t, "5521911110002", "Dora", t.support, t.bia);
    const put = (id: number, body: Record<string, unknown>, token = t.sup.token) =>
      s.call(`/tickets/${id}`, { token, method: "PUT", body });

    const stepped = await put(anas, { status: "open", userId: t.sup.id });
    assert.equal(stepped.status, 200, JSON.stringify(stepped.body));
    assert.equal(stepped.body.userId, t.sup.id, "she stepped in");
    const back = await put(anas, { userId: t.ana.id });
    assert.equal(back.status, 200, JSON.stringify(back.body));
    assert.equal(back.body.userId, t.ana.id, "she handed it back to Ana");
    assert.equal(back.body.status, "open");

    for (const body of [{ userId: t.sup.id, status: "open" }, { userId: t.ana.id }]) {
      const refused = await put(bias, body);
      assert.equal(refused.status, 403, JSON.stringify(body));
      assert.equal(refused.body.error, "ERR_NO_PERMISSION");
    }
    const agent = await put(anas, { userId: t.bia.id }, t.bia.token);
    assert.equal(agent.status, 403, "an agent does not reassign a colleague's ticket");
  });
});

Deno.test("supervisor: hears her queues' tickets live (their rooms and each ticket's room), not another queue's", async () => {
  await team(async (s, t) => {
    const anas = await served(s, t, "5521911110001", "Carla", t.sales, t.ana);
    const bias = await served(s, t, "5521911110002", "Dora", t.support, t.bia);
    const actor: Actor = {
      userId: t.sup.id,
      companyId: 1,
      profile: "supervisor",
      super: false,
      email: "sonia@example.com",
      sessionId: "s",
    };
    const sub = { companyId: 1, userId: t.sup.id, send() {}, close() {} };
    const can = (room: string) => mayJoinRoom(s.deps, actor, sub, room);
    assert.equal(await can(`queue-${t.sales}-open`), true);
    assert.equal(await can(String(anas)), true, "a colleague's conversation of her queue");
    assert.equal(await can(`queue-${t.support}-open`), false);
    assert.equal(await can(String(bias)), false);
    assert.equal(await can("company-1-open"), false, "the company-wide lists are the admins'");
  });
});

Deno.test("supervisor: may not manage users, connections, settings or billing (403 ERR_NO_PERMISSION)", async () => {
  await team(async (s, t) => {
    const refused: [string, string, unknown?][] = [
      ["GET", "/users"],
      ["POST", "/users", { name: "Novo", email: "novo@example.com", password: "secret12" }],
      ["PUT", `/users/${t.ana.id}`, { profile: "admin" }],
      ["DELETE", `/users/${t.ana.id}`],
      ["POST", "/whatsapp", { name: "Outra" }],
      ["DELETE", `/whatsapp/${t.w}`],
      ["PUT", "/settings/userRating", { value: "enabled" }],
      ["GET", "/invoices/all"],
      ["POST", "/invoices/current"],
      ["DELETE", `/tickets/${await served(s, t, "5521911110001", "Carla", t.sales, t.ana)}`],
    ];
    for (const [method, path, body] of refused) {
      const r = await s.call(path, { token: t.sup.token, method, body });
      assert.equal(r.status, 403, `${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
      assert.equal(r.body.error, "ERR_NO_PERMISSION", `${method} ${path}`);
    }
    // The spec's: she configures the outreach and the kanban lanes.
    assert.equal(
      (await s.call("/tags", { token: t.sup.token, body: { name: "Funil", kanban: 1 } })).status,
      201,
    );
  });
});

Deno.test("supervisor: the dashboard is her queues' (counters, attendants, reports); the admin's the company's", async () => {
  await team(async (s, t) => {
    await served(s, t, "5521911110001", "Carla", t.sales, t.ana);
    await served(s, t, "5521911110002", "Dora", t.support, t.bia);
    await served(s, t, "5521911110003", "Eva", t.support, t.bia);
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(
      new Date(),
    );

    const mine = await s.call("/dashboard?days=1", { token: t.sup.token });
    assert.equal(mine.status, 200, JSON.stringify(mine.body));
    assert.equal(mine.body.counters.supportHappening, 1, "Vendas' open ticket only");
    assert.deepEqual(mine.body.attendants.map((a: { name: string }) => a.name).sort(), [
      "ana",
      "sonia",
    ], "her queues' attendants");
    assert.equal(mine.body.attendants.find((a: { name: string }) => a.name === "ana").tickets, 1);
    const byUser = await s.call(`/dashboard/ticketsUsers?initialDate=${today}&finalDate=${today}`, {
      token: t.sup.token,
    });
    assert.equal(byUser.status, 200);
    assert.equal(
      JSON.stringify(byUser.body).includes(String(t.bia.id)),
      false,
      "Bia serves Suporte: not in her report",
    );
    const byDay = await s.call(`/dashboard/ticketsDay?initialDate=${today}&finalDate=${today}`, {
      token: t.sup.token,
    });
    const total = (body: { data: { count?: number; total?: number }[] }) =>
      body.data.reduce((n, d) => n + (d.count ?? d.total ?? 0), 0);
    assert.equal(total(byDay.body), 1);

    const all = await s.call("/dashboard?days=1", { token: t.admin });
    assert.equal(all.body.counters.supportHappening, 3);
    assert.equal(
      total(
        (await s.call(`/dashboard/ticketsDay?initialDate=${today}&finalDate=${today}`, {
          token: t.admin,
        })).body,
      ),
      3,
    );
    assert.equal(
      (await s.call("/dashboard?days=1", { token: t.ana.token })).status,
      403,
      "an agent has none",
    );
  });
});
