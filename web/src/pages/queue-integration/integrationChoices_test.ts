// The integration field's list (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { QueueIntegration } from "../../api/queueIntegrations.ts";
import { integrationOptions, loadAllIntegrations } from "./integrationChoices.ts";
import { initialValues, toIntegrationInput } from "./integrationForm.ts";

const record = (id: number, name = `Integração ${id}`): QueueIntegration => ({
  ...toIntegrationInput(initialValues(null)),
  id,
  name,
  lastError: "",
  lastErrorAt: null,
  createdAt: "",
  updatedAt: "",
});

Deno.test("the field lists every page of the company's integrations, none twice when the pages shift", async () => {
  const asked: number[] = [];
  const pages = [[record(1), record(2)], [record(2), record(3)], [record(4)]];
  const all = await loadAllIntegrations((pageNumber) => {
    asked.push(pageNumber);
    return Promise.resolve({
      queueIntegrations: pages[pageNumber - 1],
      hasMore: pageNumber < pages.length,
    });
  });
  assert.deepEqual(all.map((i) => i.id), [1, 2, 3, 4]);
  assert.deepEqual(asked, [1, 2, 3]);
});

Deno.test("the field stops paging at its limit even when the server says there is more", async () => {
  let asked = 0;
  const all = await loadAllIntegrations((pageNumber) => {
    asked++;
    return Promise.resolve({ queueIntegrations: [record(pageNumber)], hasMore: true });
  }, 3);
  assert.deepEqual([asked, all.length], [3, 3]);
});

Deno.test("the field's options: none first, then each integration with its type", () => {
  const options = integrationOptions([{ id: 7, name: "Typebot vendas", type: "typebot" }], {
    none: "Nenhuma",
    option: (name, type) => `${name} (${type})`,
  });
  assert.deepEqual(options, [
    { id: "", label: "Nenhuma" },
    { id: "7", label: "Typebot vendas (typebot)" },
  ]);
});
