// Tag form rules and the tags page's live list (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { TagRecord } from "../../api/tags.ts";
import {
  applyTagEvent,
  asTagEvent,
  initialValues,
  mayFlagKanban,
  toTagInput,
  validateTag,
} from "./tagForm.ts";

function tag(id: number, name: string, patch: Partial<TagRecord> = {}): TagRecord {
  return { id, name, color: "#A4CCCC", kanban: 0, order: 0, userId: 1, ticketsCount: 0, ...patch };
}

const names = (items: readonly TagRecord[]) => items.map((item) => item.name);
const open = { search: "", hasMore: false };

Deno.test("a new tag starts with the default colour and no lane; an existing one fills the form", () => {
  assert.deepEqual(initialValues(null), { name: "", color: "#A4CCCC", kanban: false, order: 0 });
  assert.deepEqual(initialValues(tag(1, "VIP", { color: "#FF0000", kanban: 1, order: 2 })), {
    name: "VIP",
    color: "#FF0000",
    kanban: true,
    order: 2,
  });
});

Deno.test("a tag name is required and has at least 3 characters ('Mensagem muito curta')", () => {
  const values = initialValues(null);
  assert.deepEqual(validateTag({ ...values, name: "  " }).name, { key: "validation.required" });
  assert.deepEqual(validateTag({ ...values, name: " ab " }).name, {
    key: "tags.dialog.nameTooShort",
  });
  assert.equal(validateTag({ ...values, name: "a".repeat(51) }).name?.key, "validation.tooLong");
  assert.deepEqual(validateTag({ ...values, name: "VIP" }), {});
  assert.deepEqual(validateTag({ ...values, name: "VIP", color: "red" }).color, {
    key: "tags.dialog.colorInvalid",
  });
});

Deno.test("only admins and supervisors send the kanban flag", () => {
  const values = { name: " VIP ", color: "#00FF00", kanban: true, order: 3 };
  assert.deepEqual(toTagInput(values, true), {
    name: "VIP",
    color: "#00FF00",
    order: 3,
    kanban: 1,
  });
  assert.deepEqual(toTagInput(values, false), { name: "VIP", color: "#00FF00", order: 3 });
  assert.equal(mayFlagKanban({ profile: "admin" }), true);
  assert.equal(mayFlagKanban({ profile: "supervisor" }), true);
  assert.equal(mayFlagKanban({ profile: "user" }), false);
  assert.equal(mayFlagKanban({ profile: "user", super: true }), true);
  assert.equal(mayFlagKanban(null), false);
});

Deno.test("live tags land in name order, leave a search they no longer match", () => {
  const items = [tag(1, "Atrasado", { ticketsCount: 4 }), tag(2, "VIP")];
  assert.deepEqual(
    names(applyTagEvent(items, { action: "create", record: tag(3, "Retornar") }, open)),
    [
      "Atrasado",
      "Retornar",
      "VIP",
    ],
  );
  assert.deepEqual(
    names(applyTagEvent(items, { action: "update", record: tag(1, "Zebra") }, open)),
    [
      "VIP",
      "Zebra",
    ],
  );
  assert.deepEqual(
    names(
      applyTagEvent(items, { action: "create", record: tag(4, "Zz") }, {
        search: "",
        hasMore: true,
      }),
    ),
    [
      "Atrasado",
      "VIP",
    ],
    "past the last loaded row, a later page brings it",
  );
  assert.deepEqual(
    names(
      applyTagEvent(items, { action: "update", record: tag(2, "Cliente") }, {
        search: "vi",
        hasMore: false,
      }),
    ),
    [
      "Atrasado",
    ],
  );
  assert.deepEqual(names(applyTagEvent(items, { action: "delete", id: 1 }, open)), ["VIP"]);
});

Deno.test("tag events are checked before use", () => {
  const record = tag(1, "VIP");
  assert.deepEqual(asTagEvent({ action: "create", tag: record }), {
    action: "create",
    record,
  });
  assert.deepEqual(asTagEvent({ action: "delete", tagId: 3 }), { action: "delete", id: 3 });
  assert.equal(asTagEvent({ action: "delete", tagId: "3" }), null);
  assert.equal(asTagEvent({ action: "update", tag: { id: 1 } }), null);
  assert.equal(asTagEvent(null), null);
});
