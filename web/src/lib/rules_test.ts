// Pure rules of the web client (run with `deno test web/src`).
import assert from "node:assert/strict";
import { isVisible, menuEntries } from "../app/layout/menu.ts";
import { emptyPlan } from "../pages/settings/plans/planForm.ts";
import { daysUntil, dueTone } from "./dueColor.ts";
import { isNearBottom } from "./nearBottom.ts";
import { maskPhone, phoneDigits } from "./phone.ts";
import { email, length, strongPassword } from "./validation.ts";

Deno.test("company row colour: exactly 5 yellow, -3..4 orange, exactly -4 red", () => {
  assert.equal(dueTone(6), null);
  assert.equal(dueTone(5), "soon");
  for (let days = -3; days <= 4; days++) assert.equal(dueTone(days), "near");
  assert.equal(dueTone(-4), "late");
  assert.equal(dueTone(-5), null);
  assert.equal(daysUntil("2026-11-27", "2026-11-22"), 5);
  assert.equal(daysUntil("2026-11-18T00:00:00Z", "2026-11-22"), -4);
});

Deno.test("phone mask (99) 99999-9999, at most 11 digits", () => {
  assert.equal(maskPhone("11987654321"), "(11) 98765-4321");
  assert.equal(maskPhone("119876543219999"), "(11) 98765-4321");
  assert.equal(maskPhone("(11) 9"), "(11) 9");
  assert.equal(maskPhone(""), "");
  assert.equal(phoneDigits("(11) 98765-4321"), "11987654321");
});

Deno.test("field rules", () => {
  assert.equal(length("A", 2, 50)?.key, "validation.tooShort");
  assert.equal(length("x".repeat(51), 2, 50)?.key, "validation.tooLong");
  assert.equal(length("", 5, 50, false), null);
  assert.equal(email("ana@example.com"), null);
  assert.equal(email("nope")?.key, "validation.invalidEmail");
  assert.equal(strongPassword("abcdefg1")?.key, "forgot.rules.upper");
  assert.equal(strongPassword("Abcdefg1"), null);
});

Deno.test("menu: administration only for admins, plan flags respected", () => {
  const users = menuEntries.find((entry) => entry.path === "/users")!;
  const tickets = menuEntries.find((entry) => entry.path === "/tickets")!;
  const viewer = { isAdmin: false, isSuper: false, plan: null };
  assert.equal(isVisible(tickets, viewer), true);
  assert.equal(isVisible(users, viewer), false);
  assert.equal(isVisible(users, { ...viewer, isAdmin: true }), true);
  const kanban = menuEntries.find((entry) => entry.path === "/kanban")!;
  const tags = menuEntries.find((entry) => entry.path === "/tags")!;
  const plan = (useKanban: boolean) => ({ ...emptyPlan, id: 1, name: "P", useKanban });
  assert.equal(isVisible(kanban, viewer), false);
  assert.equal(
    isVisible(kanban, { ...viewer, plan: plan(true) }),
    true,
    "kanban for every profile on a plan with it",
  );
  assert.equal(isVisible(kanban, { ...viewer, isAdmin: true, plan: plan(false) }), false);
  assert.equal(isVisible(tags, viewer), true, "tags for everyone");
});

Deno.test("menu: the dashboard for admins and supervisors, the administration for admins only", () => {
  const dashboard = menuEntries.find((entry) => entry.path === "/")!;
  const users = menuEntries.find((entry) => entry.path === "/users")!;
  const agent = { isAdmin: false, isSuper: false, plan: null };
  const supervisor = { ...agent, isStaff: true, isSupervisor: true };
  assert.equal(isVisible(dashboard, agent), false);
  assert.equal(isVisible(dashboard, supervisor), true);
  assert.equal(isVisible(dashboard, { ...agent, isAdmin: true }), true);
  assert.equal(isVisible(users, supervisor), false, "she does not manage users");
});

Deno.test("infinite scroll threshold is 100 px", () => {
  assert.equal(isNearBottom({ scrollTop: 801, scrollHeight: 1000, clientHeight: 100 }), true);
  assert.equal(isNearBottom({ scrollTop: 700, scrollHeight: 1000, clientHeight: 100 }), false);
});
