// The transfer dialog's rules (run with `deno test web/src`).
import assert from "node:assert/strict";
import {
  canTransfer,
  matchUsers,
  queueAfterChoosing,
  queuesFor,
  transferUpdate,
} from "./transferRules.ts";

const users = [
  { id: 1, name: "Ana Souza" },
  { id: 2, name: "Mariana Lima" },
  { id: 3, name: "Bruno" },
];

Deno.test("user search starts at 3 characters and compares lowercased", () => {
  assert.deepEqual(matchUsers(users, ""), []);
  assert.deepEqual(matchUsers(users, "an"), []);
  assert.deepEqual(matchUsers(users, "  an "), []);
  assert.deepEqual(matchUsers(users, "ANA").map((u) => u.id), [1, 2]);
  assert.deepEqual(matchUsers(users, "bru").map((u) => u.id), [3]);
  assert.deepEqual(matchUsers(users, "zzz"), []);
});

Deno.test("a transfer needs a queue or a colleague", () => {
  assert.equal(canTransfer({ userId: null, queueId: null, whatsappId: 1 }), false);
  assert.equal(canTransfer({ userId: 1, queueId: null, whatsappId: 1 }), true);
  assert.equal(canTransfer({ userId: null, queueId: 2, whatsappId: null }), true);
});

Deno.test("a chosen colleague's queues are offered, his only one preselected", () => {
  const all = [{ id: 1, name: "Vendas" }, { id: 2, name: "Suporte" }, {
    id: 3,
    name: "Financeiro",
  }];
  assert.deepEqual(queuesFor(all, null).map((q) => q.id), [1, 2, 3]);
  assert.deepEqual(queuesFor(all, { queues: [] }).map((q) => q.id), [1, 2, 3]);
  assert.deepEqual(queuesFor(all, { queues: [{ id: 3 }, { id: 1 }] }).map((q) => q.id), [1, 3]);
  assert.equal(queueAfterChoosing(null, [{ id: 2 }]), 2);
  assert.equal(queueAfterChoosing(3, [{ id: 1 }, { id: 3 }]), 3);
  assert.equal(queueAfterChoosing(2, [{ id: 1 }, { id: 3 }]), null);
});

Deno.test("to an attendant it is open; to a queue alone it is pending with no user", () => {
  assert.deepEqual(transferUpdate({ userId: 4, queueId: 2, whatsappId: 7 }), {
    userId: 4,
    queueId: 2,
    whatsappId: 7,
    status: "open",
  });
  assert.deepEqual(transferUpdate({ userId: null, queueId: 2, whatsappId: null }), {
    userId: null,
    queueId: 2,
    whatsappId: null,
    status: "pending",
  });
  assert.deepEqual(transferUpdate({ userId: 4, queueId: null, whatsappId: 7 }), {
    userId: 4,
    whatsappId: 7,
    status: "open",
  }, "to a colleague without a queue the ticket keeps its own");
});
