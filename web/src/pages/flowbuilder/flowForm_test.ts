import assert from "node:assert/strict";
import { applyFlowChange, validateFlowName } from "./flowForm.ts";

Deno.test("flow name: 'Digite um nome!' when blank, 'Muito curto!' under 2, 'Muito longo!' over 50", () => {
  assert.equal(validateFlowName({ name: "  " }).name?.key, "flows.dialog.required");
  assert.equal(validateFlowName({ name: "a" }).name?.key, "flows.dialog.tooShort");
  assert.equal(validateFlowName({ name: "x".repeat(51) }).name?.key, "flows.dialog.tooLong");
  assert.deepEqual(validateFlowName({ name: "ab" }), {});
  assert.deepEqual(validateFlowName({ name: "x".repeat(50) }), {});
});

Deno.test("a duplicated flow joins the list in name order; one outside the search stays out", () => {
  const a = { id: 1, name: "Atendimento", active: true };
  const c = { id: 2, name: "Cobrança", active: true };
  const copy = { id: 3, name: "Atendimento (cópia)", active: true };
  const rows = applyFlowChange([a, c], { action: "create", record: copy }, {
    search: "",
    hasMore: false,
  });
  assert.deepEqual(rows.map((r) => r.id), [1, 3, 2]);
  const searched = applyFlowChange([c], { action: "create", record: copy }, {
    search: "cobr",
    hasMore: false,
  });
  assert.deepEqual(searched.map((r) => r.id), [2]);
});

Deno.test("every problem the validator can report has its words in pt, en and es", async () => {
  const { FLOW_PROBLEM_CODES } = await import("../../../../contracts/flowCheck.ts");
  const { flowsEn, flowsEs, flowsPt } = await import("../../i18n/areas/flows.ts");
  for (const texts of [flowsPt, flowsEn, flowsEs]) {
    const missing = FLOW_PROBLEM_CODES.filter((code) => !(code in texts.problems));
    assert.deepEqual(missing, []);
  }
});

Deno.test("block figures are read from a map, under nodes or not, or from a list; junk is left out", async () => {
  const { readStats } = await import("../../api/flows.ts");
  const want = { a: { reached: 3, ended: 1 } };
  assert.deepEqual(readStats({ a: { reached: 3, ended: 1 }, b: { reached: "x" } }), want);
  assert.deepEqual(readStats({ nodes: { a: { reached: 3, ended: 1 } } }), want);
  assert.deepEqual(readStats([{ nodeId: "a", reached: 3, ended: 1 }, { nodeId: 4 }]), want);
  assert.deepEqual(readStats(null), {});
});

Deno.test("a flow's live event is read only with a whole record, or a deletion's id", async () => {
  const { readFlowEvent } = await import("./flowForm.ts");
  const record = { id: 2, name: "Vendas", active: true, version: 3 };
  assert.deepEqual(readFlowEvent({ action: "update", record }), { action: "update", record });
  assert.deepEqual(readFlowEvent({ action: "delete", id: 2 }), { action: "delete", id: 2 });
  assert.equal(readFlowEvent({ action: "create", record: { id: 2 } }), null);
});
