// The cshow flag follows the signed-in company's campaignsEnabled setting (seed 002 section 2,
// seed 000 "Company (as read at login)"). Deno's localStorage plays the browser's.
import assert from "node:assert/strict";
import { campaignsAreaOpen, campaignsShown, syncCampaignsFlag } from "./campaignsFlag.ts";
import { isVisible, menuEntries } from "./layout/menu.ts";
import { emptyPlan } from "../pages/settings/plans/planForm.ts";
import { currentUser, updateSetting } from "./session.ts";
import type { SessionUser } from "../api/types.ts";

const company = (value?: string) => ({
  settings: value === undefined ? [] : [{ key: "campaignsEnabled", value }],
});

Deno.test("cshow: set when the company has campaignsEnabled true, removed otherwise, kept when signed out", () => {
  localStorage.removeItem("cshow");
  syncCampaignsFlag(company("true"));
  assert.equal(localStorage.getItem("cshow"), "true");
  assert.equal(campaignsShown.value, true);
  syncCampaignsFlag(null);
  assert.equal(localStorage.getItem("cshow"), "true");
  syncCampaignsFlag(company("false"));
  assert.equal(localStorage.getItem("cshow"), null);
  assert.equal(campaignsShown.value, false);
  syncCampaignsFlag(company("true"));
  syncCampaignsFlag(company());
  assert.equal(localStorage.getItem("cshow"), null);
});

Deno.test("cshow: the session sets it at sign-in and follows a live change of the setting", () => {
  localStorage.removeItem("cshow");
  const user = {
    id: 1,
    name: "Ana",
    email: "ana@example.com",
    profile: "admin",
    companyId: 1,
    company: { id: 1, name: "Loja", plan: null, settings: [{ key: "campaignsEnabled", value: "true" }] },
  } as unknown as SessionUser;
  try {
    currentUser.value = user;
    assert.equal(localStorage.getItem("cshow"), "true");
    updateSetting({ key: "campaignsEnabled", value: "false" });
    assert.equal(localStorage.getItem("cshow"), null);
    assert.equal(campaignsShown.value, false);
  } finally {
    currentUser.value = null;
    localStorage.removeItem("cshow");
  }
});

Deno.test("the campaigns menu entries show exactly when the campaign routes are registered (plan and cshow)", () => {
  const entries = menuEntries.filter((entry) => entry.section === "campaigns");
  assert.deepEqual(entries.map((entry) => entry.path), [
    "/campaigns",
    "/contact-lists",
    "/campaigns-config",
    "/phrase-lists",
    "/flowbuilders",
  ]);
  for (const useCampaigns of [true, false]) {
    for (const campaignsFlag of [true, false]) {
      const plan = { ...emptyPlan, id: 1, name: "P", useCampaigns };
      const routes = campaignsAreaOpen(plan, campaignsFlag);
      assert.equal(routes, useCampaigns && campaignsFlag, `plan ${useCampaigns}, cshow ${campaignsFlag}`);
      for (const entry of entries) {
        const viewer = { isAdmin: true, isSuper: false, plan, campaignsFlag };
        assert.equal(isVisible(entry, viewer), routes, `${entry.path}: plan ${useCampaigns}, cshow ${campaignsFlag}`);
      }
    }
  }
  assert.equal(campaignsAreaOpen(null, true), false, "no plan, no campaigns");
});
