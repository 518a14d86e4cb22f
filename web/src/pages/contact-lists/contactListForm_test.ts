// Contact list forms and live lists (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { ContactList, ContactListItem } from "../../api/contactLists.ts";
import { emptyPlan } from "../settings/plans/planForm.ts";
import { isVisible, menuEntries } from "../../app/layout/menu.ts";
import {
  applyItemEvent,
  applyListEvent,
  asListEvent,
  readItemEvent,
  toItemInput,
  validateItem,
  validateList,
} from "./contactListForm.ts";

const list = (id: number, name: string, contactsCount = 0): ContactList => ({
  id,
  name,
  contactsCount,
  createdAt: "",
  updatedAt: "",
});
const item = (id: number, name: string, patch: Partial<ContactListItem> = {}): ContactListItem => ({
  id,
  name,
  contactListId: 1,
  number: "5511999990000",
  email: "",
  isWhatsappValid: null,
  checkedAt: null,
  createdAt: "",
  updatedAt: "",
  ...patch,
});

Deno.test("a list's name is required, 2 to 50 characters", () => {
  assert.equal(validateList({ name: " " }).name?.key, "validation.required");
  assert.equal(validateList({ name: "A" }).name?.key, "contactLists.dialog.tooShort");
  assert.equal(validateList({ name: "x".repeat(51) }).name?.key, "validation.tooLong");
  assert.deepEqual(validateList({ name: "VIP" }), {});
});

Deno.test("an item: name 2-50, number optional with 8-50 digits, e-mail valid when given", () => {
  assert.deepEqual(validateItem({ name: "Ana", number: "", email: "" }), {});
  assert.equal(
    validateItem({ name: "Ana", number: "(11) 9999", email: "" }).number?.key,
    "contactLists.items.dialog.numberLength",
  );
  assert.equal(
    validateItem({ name: "Ana", number: "", email: "ana@" }).email?.key,
    "contactLists.items.dialog.emailInvalid",
  );
  assert.equal(
    validateItem({ name: "A", number: "", email: "" }).name?.key,
    "contactLists.items.dialog.tooShort",
  );
  assert.deepEqual(
    toItemInput({ name: " Ana ", number: "+55 (11) 99999-0000", email: " a@b.co " }),
    {
      name: "Ana",
      number: "+5511999990000",
      email: "a@b.co",
    },
  );
  // A "+" tells the server the number is whole (no country code to add); without one only digits go.
  assert.equal(
    toItemInput({ name: "Ana", number: "(11) 99999-0000", email: "" }).number,
    "11999990000",
  );
  assert.equal(toItemInput({ name: "Ana", number: " + ", email: "" }).number, "");
});

Deno.test("list events: a count update replaces the row; delete removes; search respected", () => {
  const items = [list(1, "Alpha", 2), list(2, "Beta")];
  const updated = asListEvent({ action: "update", record: list(1, "Alpha", 10) })!;
  assert.equal(applyListEvent(items, updated, { search: "", hasMore: false })[0].contactsCount, 10);
  assert.deepEqual(
    applyListEvent(items, asListEvent({ action: "delete", id: 2 })!, { search: "", hasMore: false })
      .map((l) => l.id),
    [1],
  );
  const created = asListEvent({ action: "create", record: list(3, "Gamma") })!;
  assert.deepEqual(
    applyListEvent(items, created, { search: "alp", hasMore: false }).map((l) => l.id),
    [1, 2],
  );
});

Deno.test("item events: only this list's, a validity answer updates the row, an import reloads", () => {
  const items = [item(1, "Ana"), item(2, "Bia")];
  assert.equal(
    readItemEvent({ action: "update", record: item(3, "Outra", { contactListId: 9 }) }, 1),
    null,
  );
  assert.equal(readItemEvent({ action: "reload", contactListId: 9 }, 1), null);
  assert.deepEqual(readItemEvent({ action: "reload", contactListId: 1 }, 1), { kind: "reload" });
  assert.equal(readItemEvent({ action: "delete", id: 1, contactListId: 9 }, 1), null);
  const change = readItemEvent({
    action: "update",
    record: item(2, "Bia", { isWhatsappValid: true }),
  }, 1);
  assert.equal(change?.kind, "apply");
  if (change?.kind !== "apply") return;
  assert.equal(
    applyItemEvent(items, change.event, { search: "", hasMore: false })[1].isWhatsappValid,
    true,
  );
});

Deno.test("menu: contact lists for admins and supervisors with the plan's campaigns and the cshow flag", () => {
  const entry = menuEntries.find((e) => e.path === "/contact-lists")!;
  const plan = (useCampaigns: boolean) => ({ ...emptyPlan, id: 1, name: "P", useCampaigns });
  assert.equal(entry.section, "campaigns");
  assert.equal(
    isVisible(entry, { isAdmin: true, isSuper: false, plan: plan(true), campaignsFlag: true }),
    true,
  );
  assert.equal(isVisible(entry, { isAdmin: true, isSuper: false, plan: plan(true) }), false);
  assert.equal(
    isVisible(entry, { isAdmin: true, isSuper: false, plan: plan(false), campaignsFlag: true }),
    false,
  );
  assert.equal(
    isVisible(entry, {
      isAdmin: false,
      isStaff: true,
      isSuper: false,
      plan: plan(true),
      campaignsFlag: true,
    }),
    true,
  );
  assert.equal(
    isVisible(entry, {
      isAdmin: false,
      isStaff: false,
      isSuper: false,
      plan: plan(true),
      campaignsFlag: true,
    }),
    false,
  );
});
