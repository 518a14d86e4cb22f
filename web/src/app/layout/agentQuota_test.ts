import assert from "node:assert/strict";
import { applyPromptEvent, outOfCredit } from "./agentQuota.ts";

const agent = (id: number, quotaAlertAt: string | null = null) => ({
  id,
  name: `Agente ${id}`,
  quotaAlertAt,
});

Deno.test("agent quota banner: names the agents told out of credit, following the prompt events", () => {
  let list = [agent(1), agent(2)];
  assert.deepEqual(outOfCredit(list), []);
  list = applyPromptEvent(list, { action: "update", prompt: agent(2, "2030-01-07T13:01:00Z") });
  assert.deepEqual(outOfCredit(list), ["Agente 2"]);
  list = applyPromptEvent(list, { action: "create", prompt: agent(3, "2030-01-07T13:02:00Z") });
  assert.deepEqual(outOfCredit(list), ["Agente 2", "Agente 3"]);
  list = applyPromptEvent(list, { action: "update", prompt: agent(2) });
  list = applyPromptEvent(list, { action: "delete", promptId: 3 });
  assert.deepEqual(outOfCredit(list), []);
  assert.equal(applyPromptEvent(list, { action: "noise" }), list);
});
