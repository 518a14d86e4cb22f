// The plan's limits at creation: users, connections and queues; 0 means no limit.
import assert from "node:assert/strict";
import { ADMIN, newCompany, startTestServer, type TestServer } from "../../testing.ts";

async function companyOn(s: TestServer, root: string, name: string, limits: Record<string, number>) {
  const plan = await s.call("/plans", { token: root, body: { name: `Plano ${name}`, ...limits } });
  assert.equal(plan.status, 201, JSON.stringify(plan.body));
  const made = await newCompany(s, root, name, { planId: plan.body.id });
  return (await s.login(made.email, made.password)).token;
}

const CREATE: Record<string, (i: number) => [string, Record<string, unknown>]> = {
  users: (i: number) => ["/users", { name: `Pessoa ${i}`, email: `p${i}-${crypto.randomUUID()}@example.com`, password: "secret12" }],
  connections: (i: number) => ["/whatsapp", { name: `Loja ${i}`, provider: "sandbox" }],
  queues: (i: number) => ["/queue", { name: `Fila ${i}`, color: `#1122${(16 + i).toString(16)}` }],
};

const REFUSAL = {
  users: ["ERR_USER_LIMIT_REACHED", "Número máximo de usuários já alcançado: 2"],
  connections: ["ERR_CONNECTION_LIMIT_REACHED", "Número máximo de conexões já alcançado: 2"],
  queues: ["ERR_QUEUE_LIMIT_REACHED", "Número máximo de filas já alcançado: 2"],
} as const;

for (const limit of ["users", "connections", "queues"] as const) {
  Deno.test(`plan limits: ${limit} beyond the plan's 2 are refused with the spec's message; 0 is no limit`, async () => {
    const s = await startTestServer();
    try {
      const root = (await s.login(ADMIN.email, ADMIN.password)).token;
      const small = await companyOn(s, root, "Pequena", { [limit]: 2 });
      // The admin is the company's first user.
      const fits = limit === "users" ? 1 : 2;
      for (let i = 0; i < fits; i++) {
        const [path, body] = CREATE[limit](i);
        assert.equal((await s.call(path, { token: small, body })).status, 201, `${limit} ${i}`);
      }
      const [path, body] = CREATE[limit](9);
      const over = await s.call(path, { token: small, body });
      assert.deepEqual([over.status, over.body.error, over.body.message, over.body.limit], [403, ...REFUSAL[limit], 2]);

      const open = await companyOn(s, root, "Livre", { users: 0, connections: 0, queues: 0 });
      for (let i = 0; i < 4; i++) {
        const [p, b] = CREATE[limit](20 + i);
        assert.equal((await s.call(p, { token: open, body: b })).status, 201, `unlimited ${limit} ${i}`);
      }
    } finally {
      await s.stop();
    }
  });
}
