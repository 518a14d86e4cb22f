// Quick answer rules and live list updates (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { QuickMessage } from "../../api/quickMessages.ts";
import {
  applyQuickEvent,
  asQuickEvent,
  canManage,
  initialValues,
  toQuickInput,
  validateQuick,
} from "./quickMessageForm.ts";

function quick(id: number, shortcode: string, patch: Partial<QuickMessage> = {}): QuickMessage {
  return {
    id,
    shortcode,
    message: `Texto de ${shortcode}`,
    geral: false,
    status: true,
    userId: 1,
    mediaPath: null,
    mediaName: null,
    createdAt: "2025-06-01T00:00:00.000Z",
    updatedAt: "2025-06-01T00:00:00.000Z",
    ...patch,
  };
}

const codes = (items: readonly QuickMessage[]) => items.map((item) => item.shortcode);
const open = { search: "", hasMore: false };

Deno.test("a new answer starts empty, private and active; an existing one fills the form", () => {
  assert.deepEqual(initialValues(null), { shortcode: "", message: "", geral: false, status: true });
  assert.deepEqual(initialValues(quick(1, "oi", { geral: true, status: false })), {
    shortcode: "oi",
    message: "Texto de oi",
    geral: true,
    status: false,
  });
});

Deno.test("the form sends the answer's status (an inactive answer is not offered in the composer)", () => {
  assert.equal(
    toQuickInput({ shortcode: "oi", message: "Olá", geral: false, status: false }).status,
    false,
  );
  assert.equal(toQuickInput(initialValues(null)).status, true);
});

Deno.test("shortcode and message are required ('Obrigatório')", () => {
  const issues = validateQuick({ shortcode: "  ", message: " ", geral: false, status: true });
  assert.deepEqual(issues.shortcode, { key: "validation.required" });
  assert.deepEqual(issues.message, { key: "validation.required" });
  assert.deepEqual(
    validateQuick({ shortcode: "/", message: "x", geral: false, status: true }).shortcode,
    {
      key: "validation.required",
    },
  );
  assert.deepEqual(
    validateQuick({ shortcode: "oi", message: "Olá!", geral: false, status: true }),
    {},
  );
});

Deno.test("a shortcode is one word of at most 50 characters", () => {
  assert.deepEqual(
    validateQuick({ shortcode: "bom dia", message: "x", geral: false, status: true }).shortcode,
    {
      key: "schedules.quick.dialog.noSpaces",
    },
  );
  assert.equal(
    validateQuick({ shortcode: "a".repeat(51), message: "x", geral: false, status: true }).shortcode
      ?.key,
    "validation.tooLong",
  );
  assert.equal(
    validateQuick({ shortcode: "a".repeat(50), message: "x", geral: false, status: true })
      .shortcode,
    undefined,
  );
});

Deno.test("the request trims and drops a leading slash", () => {
  assert.deepEqual(
    toQuickInput({ shortcode: " /oi ", message: " Olá! ", geral: true, status: true }),
    {
      shortcode: "oi",
      message: "Olá!",
      geral: true,
      status: true,
    },
  );
});

Deno.test("only the author or an admin manages an answer", () => {
  const record = quick(1, "oi", { userId: 7 });
  assert.equal(canManage(record, { id: 7, isAdmin: false }), true);
  assert.equal(canManage(record, { id: 8, isAdmin: false }), false);
  assert.equal(canManage(record, { id: 8, isAdmin: true }), true);
  assert.equal(canManage(record, null), false);
});

Deno.test("live answers land in shortcode order and replace their old row", () => {
  const items = [quick(1, "a"), quick(2, "c")];
  assert.deepEqual(
    codes(applyQuickEvent(items, { action: "create", record: quick(3, "b") }, open)),
    ["a", "b", "c"],
  );
  assert.deepEqual(
    codes(applyQuickEvent(items, { action: "update", record: quick(1, "d") }, open)),
    ["c", "d"],
  );
  assert.deepEqual(
    codes(
      applyQuickEvent(items, { action: "create", record: quick(4, "z") }, {
        search: "",
        hasMore: true,
      }),
    ),
    ["a", "c"],
  );
  assert.deepEqual(codes(applyQuickEvent(items, { action: "delete", id: 2 }, open)), ["a"]);
});

Deno.test("live answers outside the search stay out", () => {
  const items = [quick(1, "oi"), quick(2, "tchau")];
  const search = { search: "oi", hasMore: false };
  assert.deepEqual(
    codes(applyQuickEvent(items, { action: "create", record: quick(3, "bye") }, search)),
    ["oi", "tchau"],
  );
  assert.deepEqual(
    codes(applyQuickEvent(items, { action: "update", record: quick(1, "ola") }, search)),
    ["tchau"],
  );
});

Deno.test("realtime payloads are checked before use", () => {
  const record = quick(1, "oi");
  assert.deepEqual(asQuickEvent({ action: "update", record }), { action: "update", record });
  assert.deepEqual(asQuickEvent({ action: "delete", id: 3 }), { action: "delete", id: 3 });
  assert.equal(asQuickEvent({ action: "create", record: { id: 1 } }), null);
  assert.equal(asQuickEvent({ action: "delete", id: "3" }), null);
  assert.equal(asQuickEvent("x"), null);
});
