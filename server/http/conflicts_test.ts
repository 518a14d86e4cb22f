// Two requests creating the same name at once: one wins, the other gets the catalogue's 409,
// whatever the timing (the database's unique index decides; never a 500).
import assert from "node:assert/strict";
import { ADMIN, startTestServer } from "../testing.ts";

const cases: { what: string; path: string; body: Record<string, unknown>; code: string }[] = [
  { what: "tag", path: "/tags", body: { name: "Urgente" }, code: "ERR_TAG_NAME_EXISTS" },
  { what: "queue", path: "/queue", body: { name: "Vendas", color: "#112233" }, code: "ERR_QUEUE_NAME_EXISTS" },
  { what: "quick message", path: "/quick-messages", body: { shortcode: "oi", message: "Olá!" }, code: "ERR_QUICKMESSAGE_SHORTCODE_EXISTS" },
  { what: "connection", path: "/whatsapp", body: { name: "Loja", provider: "sandbox" }, code: "ERR_WAPP_NAME_EXISTS" },
  { what: "plan", path: "/plans", body: { name: "Ouro" }, code: "ERR_PLAN_NAME_EXISTS" },
  {
    what: "company",
    path: "/companies",
    body: { name: "Padaria Pão", email: "padaria@example.com", planId: 1, password: "secret12" },
    code: "ERR_COMPANY_NAME_EXISTS",
  },
  { what: "contact", path: "/contacts", body: { name: "Maria", number: "5511988887777" }, code: "ERR_DUPLICATED_CONTACT" },
  {
    what: "user",
    path: "/users",
    body: { name: "Ana Souza", email: "ana@example.com", password: "secret12" },
    code: "ERR_EMAIL_ALREADY_EXISTS",
  },
];

Deno.test("unique names: 20 parallel creates of the same name give one success and 19 conflicts, never a 500", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const wrong: string[] = [];
    for (const c of cases) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => s.call(c.path, { token, body: c.body })));
      const created = answers.filter((a) => a.status === 200 || a.status === 201).length;
      const conflicts = answers.filter((a) => a.status === 409 && a.body.error === c.code).length;
      if (created !== 1 || conflicts !== 19) {
        wrong.push(`${c.what}: ${answers.map((a) => `${a.status} ${a.body?.error ?? ""}`.trim()).sort().join(", ")}`);
      }
    }
    assert.deepEqual(wrong, []);
  } finally {
    await s.stop();
  }
});

Deno.test("unique names: parallel renames to the same name give one success and conflicts for the rest", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const renames: { what: string; path: string; make: (i: number) => Record<string, unknown>; to: Record<string, unknown>; code: string }[] = [
      { what: "queue", path: "/queue", make: (i) => ({ name: `Fila ${i}`, color: `#0000${String(i).padStart(2, "0")}` }), to: { name: "Suporte" }, code: "ERR_QUEUE_NAME_EXISTS" },
      { what: "plan", path: "/plans", make: (i) => ({ name: `Faixa ${i}` }), to: { name: "Prata" }, code: "ERR_PLAN_NAME_EXISTS" },
      { what: "contact", path: "/contacts", make: (i) => ({ name: `Cliente ${i}`, number: `55119000000${String(i).padStart(2, "0")}` }), to: { number: "5511955554444" }, code: "ERR_DUPLICATED_CONTACT" },
    ];
    const wrong: string[] = [];
    for (const r of renames) {
      const ids: number[] = [];
      // 8: the default plan allows 10 queues.
      for (let i = 0; i < 8; i++) {
        const made = await s.call(r.path, { token, body: r.make(i) });
        assert.ok(made.status < 300, `${r.what}: ${JSON.stringify(made.body)}`);
        ids.push(made.body.id);
      }
      const answers = await Promise.all(ids.map((id) => s.call(`${r.path}/${id}`, { token, method: "PUT", body: r.to })));
      const done = answers.filter((a) => a.status === 200).length;
      const conflicts = answers.filter((a) => a.status === 409 && a.body.error === r.code).length;
      if (done !== 1 || conflicts !== 7) {
        wrong.push(`${r.what}: ${answers.map((a) => `${a.status} ${a.body?.error ?? ""}`.trim()).sort().join(", ")}`);
      }
    }
    assert.deepEqual(wrong, []);
  } finally {
    await s.stop();
  }
});

Deno.test("plan limits: parallel creates never pass the plan's connection, queue or user limit (10 each)", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const burst = (path: string, body: (i: number) => Record<string, unknown>) =>
      Promise.all(Array.from({ length: 15 }, (_, i) => s.call(path, { token, body: body(i) })));
    const tally = (answers: { status: number; body: { error?: string } }[]) =>
      answers.map((a) => a.status === 200 || a.status === 201 ? "created" : a.body.error).sort();
    const times = (n: number, what: string) => Array.from({ length: n }, () => what);

    const connections = await burst("/whatsapp", (i) => ({ name: `Loja ${i}`, provider: "sandbox" }));
    assert.deepEqual(tally(connections), [...times(5, "ERR_CONNECTION_LIMIT_REACHED"), ...times(10, "created")]);
    const listed = (await s.call("/whatsapp", { token })).body as { isDefault: boolean }[];
    assert.equal(listed.filter((w) => w.isDefault).length, 1, "one default connection");

    const queues = await burst("/queue", (i) => ({ name: `Fila ${i}`, color: `#1122${(16 + i).toString(16)}` }));
    assert.deepEqual(tally(queues), [...times(5, "ERR_QUEUE_LIMIT_REACHED"), ...times(10, "created")]);

    // The admin is the company's first user: nine more fit.
    const users = await burst("/users", (i) => ({ name: `Pessoa ${i}`, email: `p${i}@example.com`, password: "secret12" }));
    assert.deepEqual(tally(users), [...times(6, "ERR_USER_LIMIT_REACHED"), ...times(9, "created")]);
  } finally {
    await s.stop();
  }
});
