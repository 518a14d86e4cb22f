import assert from "node:assert/strict";
import type { Campaign } from "../../api/campaigns.ts";
import {
  applyCampaignEvent,
  asCampaignEvent,
  campaignValues,
  dialogMode,
  isFinishedUpdate,
  rowAction,
  toCampaignInput,
  validateCampaign,
} from "./campaignForm.ts";
import { addVariable, removeVariable, windowError } from "./settingsForm.ts";
import { campaignPlaceholders } from "../../components/campaignVariables.ts";

const NOW = new Date("2026-11-24T12:00:00Z");

const campaign = (id: number, patch: Partial<Campaign> = {}): Campaign => ({
  id,
  name: `Campanha ${id}`,
  message1: "Olá {nome}",
  message2: "",
  message3: "",
  message4: "",
  message5: "",
  status: "INATIVA",
  scheduledAt: null,
  startedAt: null,
  completedAt: null,
  whatsappId: 1,
  contactListId: 2,
  tagId: null,
  fileListId: null,
  queueId: null,
  mediaPath: null,
  mediaName: null,
  pauseReason: null,
  pausedUntil: null,
  whatsapp: { id: 1, name: "Loja" },
  contactList: { id: 2, name: "Clientes" },
  progress: { valid: 0, sent: 0, delivered: 0, failed: 0, unknown: 0, percent: 0 },
  createdAt: "",
  updatedAt: "",
  ...patch,
});

Deno.test("campaign form: name 2-50, a connection, a list or a tag, one message at least", () => {
  const empty = campaignValues(null);
  assert.deepEqual(Object.keys(validateCampaign(empty, NOW)).sort(), [
    "contactListId",
    "message1",
    "name",
    "whatsappId",
  ]);
  const short = { ...campaignValues(campaign(1)), name: "A" };
  assert.equal(validateCampaign(short, NOW).name?.key, "campaigns.dialog.tooShort");
  const long = { ...campaignValues(campaign(1)), name: "x".repeat(51) };
  assert.equal(validateCampaign(long, NOW).name?.key, "validation.tooLong");
  // A tag instead of a list is enough; blank variants count as none.
  const byTag = { ...campaignValues(campaign(1)), contactListId: "", tagId: "4" };
  assert.deepEqual(validateCampaign(byTag, NOW), {});
  const blank = { ...campaignValues(campaign(1)), messages: ["  ", "", "", "", ""] };
  assert.equal(validateCampaign(blank, NOW).message1?.key, "campaigns.dialog.messageRequired");
});

Deno.test("campaign form: the schedule is empty or a whole future moment; the saved one may stay", () => {
  const base = campaignValues(campaign(1));
  assert.equal(validateCampaign({ ...base, date: "2026-11-25", time: "" }, NOW).scheduledAt?.key, "validation.invalidDate");
  assert.equal(validateCampaign({ ...base, date: "2020-01-01", time: "10:00" }, NOW).scheduledAt?.key, "campaigns.dialog.pastDate");
  assert.equal(validateCampaign({ ...base, date: "2027-01-01", time: "10:00" }, NOW).scheduledAt, undefined);
  const saved = campaign(1, { status: "CANCELADA", scheduledAt: "2026-11-24T09:00:00.000Z" });
  assert.equal(validateCampaign(campaignValues(saved), NOW, saved.scheduledAt).scheduledAt, undefined);
});

Deno.test("campaign form: the body sends ids as numbers, none as null, the moment as ISO", () => {
  const values = { ...campaignValues(campaign(1)), tagId: "", fileListId: "3", queueId: "4", date: "2027-01-02", time: "08:30" };
  const input = toCampaignInput(values);
  assert.equal(input.whatsappId, 1);
  assert.equal(input.contactListId, 2);
  assert.equal(input.tagId, null);
  assert.equal(input.fileListId, 3);
  assert.equal(input.queueId, 4, "the queue the answers go to");
  assert.equal(toCampaignInput(campaignValues(campaign(1))).queueId, null, "none: the connection's behaviour");
  assert.equal(input.message1, "Olá {nome}");
  assert.equal(input.scheduledAt, new Date(2027, 0, 2, 8, 30).toISOString());
  assert.equal(toCampaignInput(campaignValues(campaign(1))).scheduledAt, null);
});

Deno.test("campaign dialog: editable when inactive or scheduled over an hour ahead; canceled may be saved and restarted", () => {
  assert.equal(dialogMode(null, NOW), "new");
  assert.equal(dialogMode(campaign(1), NOW), "edit");
  assert.equal(dialogMode(campaign(1, { status: "PROGRAMADA", scheduledAt: "2026-11-24T14:00:00Z" }), NOW), "edit");
  assert.equal(dialogMode(campaign(1, { status: "PROGRAMADA", scheduledAt: "2026-11-24T12:30:00Z" }), NOW), "readOnly");
  assert.equal(dialogMode(campaign(1, { status: "EM_ANDAMENTO" }), NOW), "readOnly");
  assert.equal(dialogMode(campaign(1, { status: "FINALIZADA" }), NOW), "readOnly");
  assert.equal(dialogMode(campaign(1, { status: "CANCELADA" }), NOW), "canceled");
});

Deno.test("campaign row: stop while running or scheduled, restart when canceled, start when inactive", () => {
  assert.equal(rowAction("EM_ANDAMENTO"), "stop");
  assert.equal(rowAction("PROGRAMADA"), "stop");
  assert.equal(rowAction("CANCELADA"), "restart");
  assert.equal(rowAction("INATIVA"), "start");
  assert.equal(rowAction("FINALIZADA"), null);
});

Deno.test("campaign list: live events keep newest first and the search", () => {
  const items = [campaign(5), campaign(3)];
  const created = applyCampaignEvent(items, { action: "create", record: campaign(7) }, { search: "", hasMore: false });
  assert.deepEqual(created.map((c) => c.id), [7, 5, 3]);
  const updated = applyCampaignEvent(created, {
    action: "update",
    record: campaign(5, { status: "EM_ANDAMENTO", progress: { valid: 2, sent: 1, delivered: 0, failed: 0, unknown: 0, percent: 50 } }),
  }, { search: "", hasMore: false });
  assert.equal(updated[1].progress.percent, 50);
  const searched = applyCampaignEvent(items, { action: "create", record: campaign(9, { name: "Natal" }) }, { search: "black", hasMore: false });
  assert.deepEqual(searched.map((c) => c.id), [5, 3]);
  assert.deepEqual(applyCampaignEvent(items, { action: "delete", id: 5 }, { search: "", hasMore: false }).map((c) => c.id), [3]);
  assert.equal(asCampaignEvent({ action: "update", record: { id: 1 } }), null);
});

Deno.test("campaign report: only this campaign's FINALIZADA update asks for the reload", () => {
  const finished = asCampaignEvent({ action: "update", record: campaign(4, { status: "FINALIZADA" }) });
  assert.equal(isFinishedUpdate(finished, 4), true);
  assert.equal(isFinishedUpdate(finished, 5), false);
  assert.equal(isFinishedUpdate(asCampaignEvent({ action: "update", record: campaign(4, { status: "EM_ANDAMENTO" }) }), 4), false);
  assert.equal(isFinishedUpdate(asCampaignEvent({ action: "delete", id: 4 }), 4), false);
});

Deno.test("campaign variables: the settings' keys after the message variables; a key spelled like a contact's field is the field", () => {
  const offered = campaignPlaceholders([{ key: "loja", value: "Centro" }, { key: "nome", value: "x" }]);
  assert.deepEqual(offered, [{ text: "{loja}", value: "Centro" }]);
});

Deno.test("campaign settings: a variable is added only when its key is new", () => {
  const first = addVariable([], " loja ", "Centro");
  assert.ok(first.ok);
  assert.deepEqual(first.variables, [{ key: "loja", value: "Centro" }]);
  const again = addVariable(first.variables, "loja", "Sul");
  assert.deepEqual(again, { ok: false, reason: "taken", key: "loja" });
  assert.deepEqual(addVariable([], "{cupom}", "X10"), { ok: true, variables: [{ key: "cupom", value: "X10" }] });
  assert.equal((addVariable([], "minha loja", "x") as { reason: string }).reason, "format");
  assert.equal((addVariable([], "k".repeat(41), "x") as { reason: string }).reason, "format");
  assert.equal(addVariable([], "dia-util", "x").ok, true);
  assert.equal((addVariable([], "loja", " ") as { reason: string }).reason, "required");
  assert.deepEqual(removeVariable(first.variables, "loja"), []);
});

Deno.test("campaign settings: a send window's bound is HH:MM from 00:00 to 23:59, as the server takes it", () => {
  assert.deepEqual(["08:00", "23:59", "00:00"].map(windowError), [null, null, null]);
  assert.deepEqual(["8:00", "24:00", "12:60", ""].map(windowError), ["format", "format", "format", "format"]);
});
