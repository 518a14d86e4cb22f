// Queue form, live list and option tree rules (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { Queue, QueueOption } from "../../api/queues.ts";
import { isVisible, menuEntries } from "../../app/layout/menu.ts";
import { defaultWeek } from "../../lib/weeklyHours.ts";
import {
  applyOptionEvent,
  asOptionEvent,
  buildTree,
  loadAllOptions,
  subtreeIds,
  validateOption,
} from "./optionTree.ts";
import {
  applyQueueEvent,
  asQueueEvent,
  initialValues,
  QUEUE_COLORS,
  tabOf,
  takenColors,
  toQueueInput,
  validateQueue,
} from "./queueForm.ts";

function queue(id: number, name: string, patch: Partial<Queue> = {}): Queue {
  return {
    id,
    name,
    color: QUEUE_COLORS[id],
    greetingMessage: "",
    outOfHoursMessage: "",
    orderQueue: null,
    integrationId: null,
    promptId: null,
    schedules: defaultWeek(),
    createdAt: "",
    updatedAt: "",
    ...patch,
  };
}

const option = (
  id: number,
  parentId: number | null,
  n: number,
  title = `Opção ${id}`,
): QueueOption => ({
  id,
  queueId: 1,
  parentId,
  title,
  message: "",
  option: n,
});

Deno.test("the palette has 50 distinct hex colours", () => {
  assert.equal(QUEUE_COLORS.length, 50);
  assert.equal(new Set(QUEUE_COLORS.map((c) => c.toLowerCase())).size, 50);
  assert.ok(QUEUE_COLORS.every((c) => /^#[0-9A-F]{6}$/.test(c)));
});

Deno.test("queue validation: name 2..50, colour a free hex of 3..9, order a whole number, hours when by queue", () => {
  const base = { ...initialValues(null), name: "Vendas", color: "#E91E63" };
  const context = { taken: ["#2196f3"], queueHours: false };
  assert.deepEqual(validateQueue(base, context), {});
  const bad = validateQueue({ ...base, name: "V", color: "", orderQueue: "1001" }, context);
  assert.equal(bad.name?.key, "validation.tooShort");
  assert.equal(bad.color?.key, "validation.required");
  assert.equal(bad.orderQueue?.key, "queues.form.invalidOrder");
  assert.equal(
    validateQueue({ ...base, name: "x".repeat(51) }, context).name?.key,
    "validation.tooLong",
  );
  assert.equal(validateQueue({ ...base, color: "#1" }, context).color?.key, "validation.tooShort");
  assert.equal(
    validateQueue({ ...base, color: "#1234567890" }, context).color?.key,
    "validation.tooLong",
  );
  assert.equal(
    validateQueue({ ...base, color: "blue" }, context).color?.key,
    "queues.form.invalidColor",
  );
  assert.equal(
    validateQueue({ ...base, color: "#2196F3" }, context).color?.key,
    "queues.form.colorTaken",
    "case does not matter",
  );
  // Hours count only when the company works by queue hours.
  const late = {
    ...base,
    schedules: defaultWeek().map((d, i) => (i === 4 ? { ...d, endTime: "07:00" } : d)),
  };
  assert.deepEqual(validateQueue(late, context), {});
  const issues = validateQueue(late, { ...context, queueHours: true });
  assert.deepEqual(issues, { "schedules.4.endTime": { key: "hours.errors.order" } });
  assert.equal(tabOf("schedules.4.endTime"), "hours", "the field as the server names it");
  assert.equal(tabOf("color"), "data");
});

Deno.test("queue payload: trimmed, colour upper case, order or null; hours only when by queue", () => {
  const values = {
    ...initialValues(null),
    name: " Vendas ",
    color: "#e91e63",
    orderQueue: "2",
    outOfHoursMessage: "Fechado",
  };
  const plain = toQueueInput(values, false);
  assert.deepEqual(plain, {
    name: "Vendas",
    color: "#E91E63",
    orderQueue: 2,
    greetingMessage: "",
    promptId: null,
    integrationId: null,
  });
  assert.equal(toQueueInput({ ...values, promptId: "7" }, false).promptId, 7);
  const withHours = toQueueInput({ ...values, orderQueue: "" }, true);
  assert.equal(withHours.orderQueue, null);
  assert.equal(withHours.outOfHoursMessage, "Fechado");
  assert.equal(withHours.schedules?.length, 7);
  assert.deepEqual(takenColors([queue(1, "A"), queue(2, "B")], 1), [QUEUE_COLORS[2]]);
});

Deno.test("live queue events keep the server's order (orderQueue, then name)", () => {
  let list = [queue(1, "Vendas", { orderQueue: 1 }), queue(2, "Suporte", { orderQueue: 2 })];
  list = applyQueueEvent(
    list,
    asQueueEvent({ action: "create", queue: queue(3, "Financeiro", { orderQueue: 1 }) })!,
  );
  assert.deepEqual(list.map((q) => q.name), ["Financeiro", "Vendas", "Suporte"]);
  list = applyQueueEvent(list, {
    action: "update",
    record: queue(2, "Suporte", { orderQueue: 0 }),
  });
  assert.deepEqual(list.map((q) => q.name), ["Suporte", "Financeiro", "Vendas"]);
  list = applyQueueEvent(list, asQueueEvent({ action: "delete", queueId: 3 })!);
  assert.deepEqual(list.map((q) => q.id), [2, 1]);
  assert.equal(asQueueEvent({ action: "update" }), null);
  assert.equal(asQueueEvent("x"), null);
});

Deno.test("option tree: levels by number, paths, orphans left out", () => {
  const flat = [
    option(5, 2, 1),
    option(2, null, 2, "Suporte"),
    option(1, null, 1, "Vendas"),
    option(3, 2, 2),
    option(9, 99, 1),
  ];
  const tree = buildTree(flat);
  assert.deepEqual(tree.map((n) => [n.path, n.title]), [["1", "Vendas"], ["2", "Suporte"]]);
  assert.deepEqual(tree[1].children.map((n) => n.path), ["2.1", "2.2"]);
  assert.deepEqual(tree[0].children, []);
  assert.deepEqual([...subtreeIds(flat, 2)].sort(), [2, 3, 5]);
});

Deno.test("option events: upsert for this queue only, a deletion takes its subtree", () => {
  const flat = [option(1, null, 1), option(2, null, 2), option(3, 2, 1), option(4, 3, 1)];
  const other = { ...option(7, null, 1), queueId: 2 };
  assert.equal(applyOptionEvent(flat, { action: "create", record: other }, 1).length, 4);
  const renamed = applyOptionEvent(
    flat,
    asOptionEvent({ action: "update", queueOption: { ...flat[0], title: "Novo" } })!,
    1,
  );
  assert.equal(renamed.find((o) => o.id === 1)?.title, "Novo");
  assert.equal(renamed.length, 4);
  const after = applyOptionEvent(flat, asOptionEvent({ action: "delete", queueOptionId: 2 })!, 1);
  assert.deepEqual(after.map((o) => o.id), [1]);
  assert.equal(asOptionEvent({ action: "create", queueOption: { id: 1 } }), null);
});

Deno.test("the whole menu is read level by level", async () => {
  const stored = [option(1, null, 1), option(2, null, 2), option(3, 2, 1), option(4, 3, 1)];
  const asked: (number | null)[] = [];
  const all = await loadAllOptions(1, (_queueId, parentId) => {
    asked.push(parentId);
    return Promise.resolve(stored.filter((o) => o.parentId === parentId));
  });
  assert.deepEqual(all.map((o) => o.id), [1, 2, 3, 4]);
  assert.deepEqual(asked, [null, 1, 2, 3, 4]);
});

Deno.test("option validation: title 1..100, message within 4096", () => {
  assert.deepEqual(validateOption({ title: "Vendas", message: "" }), {});
  assert.equal(validateOption({ title: "  ", message: "" }).title?.key, "validation.required");
  assert.equal(
    validateOption({ title: "x".repeat(101), message: "" }).title?.key,
    "validation.tooLong",
  );
  assert.equal(
    validateOption({ title: "ok", message: "x".repeat(4097) }).message?.key,
    "validation.tooLong",
  );
});

Deno.test("the queues menu entry is for admins", () => {
  const entry = menuEntries.find((e) => e.path === "/queues")!;
  const viewer = { isAdmin: false, isSuper: false, plan: null };
  assert.equal(isVisible(entry, viewer), false);
  assert.equal(isVisible(entry, { ...viewer, isAdmin: true }), true);
});

Deno.test("queue payload: the integration the menu hands over to goes as its id, none as null", () => {
  const stored = queue(1, "Suporte", { integrationId: 4 });
  assert.equal(initialValues(stored).integrationId, "4");
  assert.equal(toQueueInput(initialValues(stored), false).integrationId, 4);
  assert.equal(
    toQueueInput({ ...initialValues(stored), integrationId: "" }, false).integrationId,
    null,
  );
  assert.equal(initialValues(null).integrationId, "");
});
