import assert from "node:assert/strict";
import { ADMIN, listen, newCompany, startTestServer, type TestServer } from "../../testing.ts";

type Opt = { id: number; title: string; option: number; parentId: number | null; queueId: number };

async function adminWithQueue(s: TestServer, name = "Vendas", color = "#2979FF") {
  const { token } = await s.login(ADMIN.email, ADMIN.password);
  const queue = (await s.call("/queue", { token, body: { name, color } })).body;
  const add = async (title: string, parentId: number | null = null, extra: Record<string, unknown> = {}) => {
    const r = await s.call("/queue-options", { token, body: { queueId: queue.id, parentId, title, message: `m ${title}`, ...extra } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    return r.body as Opt;
  };
  const level = async (parentId?: number) =>
    (await s.call(`/queue-options?queueId=${queue.id}${parentId === undefined ? "" : `&parentId=${parentId}`}`, { token })).body as Opt[];
  return { token, queue, add, level };
}

const titles = (os: Opt[]) => os.map((o) => `${o.option}:${o.title}`);

Deno.test("queue options: created numbered 1..n per level, listed by number, edited, top level with parentId -1 or none", async () => {
  const s = await startTestServer();
  try {
    const { token, queue, add, level } = await adminWithQueue(s);
    const live = listen(s, 1);
    const a = await add("Comprar");
    const b = await add("Trocar", -1 as unknown as null);
    const a1 = await add("Celular", a.id);
    await add("Notebook", a.id);
    assert.deepEqual([a.option, b.option, a1.option], [1, 2, 1]);
    assert.equal(b.parentId, null);
    // An explicit number that is free is kept; one that is taken at that level is refused.
    await add("Garantia", null, { option: 5 });
    const taken = await s.call("/queue-options", { token, body: { queueId: queue.id, title: "Outra", option: 2 } });
    assert.equal(taken.status, 409);
    assert.equal(taken.body.error, "ERR_QUEUE_OPTION_EXISTS");
    assert.deepEqual(titles(await level(-1)), ["1:Comprar", "2:Trocar", "5:Garantia"]);
    // Added at once, they still get one number each.
    await Promise.all(["p1", "p2", "p3", "p4"].map((t) => add(t, b.id)));
    assert.deepEqual((await level(b.id)).map((o) => o.option), [1, 2, 3, 4]);
    assert.deepEqual(titles(await level()), titles(await level(-1)));
    assert.deepEqual(titles(await level(a.id)), ["1:Celular", "2:Notebook"]);

    const edited = await s.call(`/queue-options/${b.id}`, { token, method: "PUT", body: { title: "Devolver", option: 3, queueId: 999 } });
    assert.equal(edited.status, 200);
    assert.deepEqual([edited.body.title, edited.body.option, edited.body.queueId], ["Devolver", 3, queue.id]);
    assert.equal((await s.call(`/queue-options/${b.id}`, { token, method: "PUT", body: { option: 1 } })).body.error, "ERR_QUEUE_OPTION_EXISTS");
    assert.deepEqual(titles(await level(-1)), ["1:Comprar", "3:Devolver", "5:Garantia"]);
    assert.equal((await s.call(`/queue-options/${a1.id}`, { token })).body.title, "Celular");
    assert.equal((await s.call("/queue-options/9999", { token })).body.error, "ERR_NO_QUEUE_OPTION_FOUND");
    // The top level too, where no unique index can help (its parentId is null).
    const top = await Promise.all(["t1", "t2", "t3"].map((t) => add(t)));
    assert.deepEqual(top.map((o) => o.option).sort(), [6, 7, 8]);
    assert.deepEqual(
      live.events.filter((e) => e.event === "company-1-queueOption").map((e) => e.data.action),
      [...Array(9).fill("create"), "update", "create", "create", "create"],
    );
    live.stop();
  } finally {
    await s.stop();
  }
});

Deno.test("queue options: deleting one removes its subtree and renumbers its siblings 1..n; deleting the queue removes its menu", async () => {
  const s = await startTestServer();
  try {
    const { token, queue, add, level } = await adminWithQueue(s);
    const one = await add("Um");
    const two = await add("Dois");
    const two1 = await add("Dois-um", two.id);
    const deep = await add("Fundo", two1.id);
    await add("Três");
    await add("Quatro");
    await add("Cinco", null, { option: 9 });
    const live = listen(s, 1);
    assert.equal((await s.call(`/queue-options/${two.id}`, { token, method: "DELETE" })).status, 204);
    assert.deepEqual(titles(await level()), ["1:Um", "2:Três", "3:Quatro", "4:Cinco"]);
    for (const gone of [two, two1, deep]) assert.equal((await s.call(`/queue-options/${gone.id}`, { token })).status, 404);
    const events = live.events.filter((e) => e.event === "company-1-queueOption").map((e) => e.data);
    assert.deepEqual(events[0], { action: "delete", queueOptionId: two.id });
    assert.deepEqual(events.slice(1).map((e) => `${e.queueOption.option}:${e.queueOption.title}`), ["2:Três", "3:Quatro", "4:Cinco"]);
    live.stop();

    assert.equal((await s.call(`/queue/${queue.id}`, { token, method: "DELETE" })).status, 204);
    assert.equal((await s.call(`/queue-options/${one.id}`, { token })).status, 404);
  } finally {
    await s.stop();
  }
});

Deno.test("queue options: validation, unknown queue, a parent from another queue, agents refused, companies isolated", async () => {
  const s = await startTestServer();
  try {
    const { token, queue, add } = await adminWithQueue(s);
    const other = (await s.call("/queue", { token, body: { name: "Suporte", color: "#E53935" } })).body;
    const foreign = (await s.call("/queue-options", { token, body: { queueId: other.id, title: "Alheia" } })).body;
    const mine = await add("Minha");

    const missing = await s.call("/queue-options", { token, body: { queueId: queue.id, message: "sem título" } });
    assert.deepEqual([missing.status, missing.body.error, missing.body.field], [400, "ERR_VALIDATION", "title"]);
    const blank = await s.call("/queue-options", { token, body: { queueId: queue.id, title: "   " } });
    assert.deepEqual([blank.status, blank.body.title], [201, ""], "untitled, as the spec's client saves a new option");
    const crossed = await s.call("/queue-options", { token, body: { queueId: queue.id, parentId: foreign.id, title: "X" } });
    assert.deepEqual([crossed.status, crossed.body.error, crossed.body.field], [400, "ERR_VALIDATION", "parentId"]);
    const crossedList = await s.call(`/queue-options?queueId=${queue.id}&parentId=${foreign.id}`, { token });
    assert.equal(crossedList.body.field, "parentId");
    const noQueue = await s.call("/queue-options", { token, body: { queueId: 999, title: "X" } });
    assert.deepEqual([noQueue.status, noQueue.body.error], [404, "ERR_NO_QUEUE_FOUND"]);
    assert.equal((await s.call("/queue-options?queueId=999", { token })).body.error, "ERR_NO_QUEUE_FOUND");
    assert.equal((await s.call("/queue-options", { token })).body.field, "queueId");

    await s.call("/users", { token, body: { name: "Agente", email: "agente@example.com", password: "secret12" } });
    const agent = (await s.login("agente@example.com", "secret12")).token;
    for (const [path, method, body] of [
      ["/queue-options", "POST", { queueId: queue.id, title: "Nope" }],
      [`/queue-options/${mine.id}`, "PUT", { title: "Nope" }],
      [`/queue-options/${mine.id}`, "DELETE", undefined],
    ] as const) {
      const r = await s.call(path, { token: agent, method, body });
      assert.deepEqual([r.status, r.body.error], [403, "ERR_NO_PERMISSION"], `${method} ${path}`);
    }
    assert.deepEqual(titles((await s.call(`/queue-options?queueId=${queue.id}`, { token: agent })).body), ["1:Minha", "2:"]);

    const second = await newCompany(s, token, "Segunda");
    const theirs = (await s.login(second.email, second.password)).token;
    assert.equal((await s.call(`/queue-options?queueId=${queue.id}`, { token: theirs })).body.error, "ERR_NO_QUEUE_FOUND");
    assert.equal((await s.call(`/queue-options/${mine.id}`, { token: theirs })).body.error, "ERR_NO_QUEUE_OPTION_FOUND");
    assert.equal((await s.call(`/queue-options/${mine.id}`, { token: theirs, method: "DELETE" })).status, 404);
    assert.equal((await s.call(`/queue-options/${mine.id}`, { token })).body.title, "Minha");
  } finally {
    await s.stop();
  }
});

Deno.test("queue options: numbered without a number, an option never goes past 99 (the lowest free one after 99; none free is refused)", async () => {
  const s = await startTestServer();
  try {
    const { token, queue, add, level } = await adminWithQueue(s);
    await add("Primeira");
    await add("Última", null, { option: 99 });
    const third = await add("Sem número");
    assert.equal(third.option, 2);
    for (let i = 0; i < 96; i++) await add(`Opção ${i}`);
    assert.deepEqual((await level()).map((o) => o.option), Array.from({ length: 99 }, (_, i) => i + 1));
    const full = await s.call("/queue-options", { token, body: { queueId: queue.id, title: "Demais" } });
    assert.deepEqual([full.status, full.body.error, full.body.field], [400, "ERR_VALIDATION", "option"]);
  } finally {
    await s.stop();
  }
});
