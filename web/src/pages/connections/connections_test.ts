// Pure rules of the connections page (run with `deno test web/src`).
import assert from "node:assert/strict";
import { pt } from "../../i18n/pt.ts";
import { type Whatsapp, whatsapps } from "../../api/whatsapps.ts";
import {
  applyWhatsappEvent,
  disconnectMessageKey,
  formatDateTime,
  formatPairingCode,
  hasAlert,
  needsAttention,
  pairingDigits,
  sessionActions,
  showsPairingCode,
  statusNotes,
  upsertWhatsapp,
  validatePairing,
} from "./connectionRules.ts";
import {
  cleanNumberList,
  greetingRequired,
  initialValues,
  sectionsOf,
  toWhatsappInput,
  validateConnection,
} from "./connectionForm.ts";

function whatsapp(patch: Partial<Whatsapp> = {}): Whatsapp {
  return {
    id: 1,
    name: "Main",
    provider: "sandbox",
    status: "CONNECTED",
    qrcode: "",
    retries: 0,
    number: "5511999990000",
    nextRetryAt: null,
    statusReason: "",
    isDefault: true,
    token: "secret",
    greetingMessage: "",
    complationMessage: "",
    outOfHoursMessage: "",
    ratingMessage: "",
    farewellMessage: "",
    handoverMessage: "",
    expiresInactiveMessage: "",
    expiresTicket: 0,
    timeUseBotQueues: 0,
    maxUseBotQueues: 3,
    transferQueueId: null,
    timeToTransfer: 0,
    integrationId: null,
    promptId: null,
    whitelist: "",
    blacklist: "",
    schedules: [],
    queues: [],
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...patch,
  };
}

Deno.test("badge: qrcode, PAIRING, DISCONNECTED, TIMEOUT and OPENING need attention", () => {
  for (const status of ["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"]) {
    assert.equal(needsAttention(status), true, status);
  }
  assert.equal(needsAttention("CONNECTED"), false);
  assert.equal(hasAlert([]), false);
  assert.equal(hasAlert([{ status: "CONNECTED" }, { status: "CONNECTED" }]), false);
  assert.equal(hasAlert([{ status: "CONNECTED" }, { status: "TIMEOUT" }]), true);
});

Deno.test("session column: the buttons each status offers", () => {
  for (const provider of ["baileys", "sandbox"] as const) {
    assert.deepEqual(sessionActions("qrcode", provider), ["qrcode"]);
    assert.deepEqual(sessionActions("CONNECTED", provider), ["disconnect"]);
    assert.deepEqual(sessionActions("PAIRING", provider), ["showCode", "disconnect"]);
    assert.deepEqual(sessionActions("OPENING", provider), ["connecting"]);
  }
  // signing in by pairing code: baileys only, a sandbox never links a phone
  assert.deepEqual(sessionActions("DISCONNECTED", "baileys"), ["retry", "newQr", "pairing"]);
  assert.deepEqual(sessionActions("DISCONNECTED", "sandbox"), ["retry", "newQr"]);
  assert.deepEqual(sessionActions("TIMEOUT", "baileys"), ["disconnect", "pairing"]);
  assert.deepEqual(sessionActions("TIMEOUT", "sandbox"), ["disconnect"]);
});

Deno.test("pairing number: required, 8..15 digits, usual punctuation allowed", () => {
  assert.equal(validatePairing("").pairingNumber?.key, "validation.required");
  assert.equal(validatePairing("   ").pairingNumber?.key, "validation.required");
  const invalid = "connections.pairing.invalidNumber";
  assert.equal(validatePairing("1234567").pairingNumber?.key, invalid);
  assert.equal(validatePairing("1234567890123456").pairingNumber?.key, invalid);
  assert.equal(validatePairing("55 11 9999A-8888").pairingNumber?.key, invalid);
  assert.deepEqual(validatePairing("12345678"), {});
  assert.deepEqual(validatePairing("123456789012345"), {});
  assert.deepEqual(validatePairing("+55 (11) 99999-8888"), {});
  assert.equal(pairingDigits("+55 (11) 99999-8888"), "5511999998888");
});

Deno.test("pairing code: shown in groups of 4; the dialog shows it while PAIRING", () => {
  assert.equal(formatPairingCode("ABCD1234"), "ABCD-1234");
  assert.equal(formatPairingCode("abcd-1234"), "ABCD-1234");
  assert.equal(formatPairingCode(""), "");
  assert.equal(showsPairingCode("PAIRING", false), true);
  assert.equal(showsPairingCode("qrcode", false), false);
  assert.equal(showsPairingCode("OPENING", false), false);
  // after asking for a code: the code may land before the PAIRING status
  assert.equal(showsPairingCode("OPENING", true), true);
  assert.equal(showsPairingCode("DISCONNECTED", true), true);
  // the server fell back to a QR
  assert.equal(showsPairingCode("qrcode", true), false);
});

Deno.test("start: a JSON body with pairingNumber only when a number is given", async () => {
  const original = globalThis.fetch;
  const calls: RequestInit[] = [];
  globalThis.fetch = ((_url: string, init: RequestInit) => {
    calls.push(init);
    return Promise.resolve(
      new Response(JSON.stringify({ message: "Starting session." }), { status: 200 }),
    );
  }) as typeof fetch;
  try {
    await whatsapps.start(3);
    await whatsapps.start(3, "5511999998888");
    assert.equal(calls[0].method, "POST");
    assert.equal(calls[0].body, undefined);
    assert.equal(
      "Content-Type" in (calls[0].headers as Record<string, string>),
      false,
    );
    assert.equal(calls[1].body, JSON.stringify({ pairingNumber: "5511999998888" }));
    assert.equal((calls[1].headers as Record<string, string>)["Content-Type"], "application/json");
  } finally {
    globalThis.fetch = original;
  }
});

Deno.test("live events: update keeps the token, delete removes, session updates the status", () => {
  const list = [whatsapp(), whatsapp({ id: 2, name: "Other", isDefault: false, token: "t2" })];
  const updated = applyWhatsappEvent(list, {
    action: "update",
    whatsapp: whatsapp({ name: "Renamed", token: "" }),
  });
  assert.equal(updated[0].name, "Renamed");
  assert.equal(updated[0].token, "secret");

  const session = applyWhatsappEvent(updated, {
    action: "update",
    session: whatsapp({ id: 2, status: "qrcode", qrcode: "QR", token: "" }),
  });
  assert.equal(session[1].status, "qrcode");
  assert.equal(session[1].qrcode, "QR");
  assert.equal(session[1].token, "t2");
  assert.equal(hasAlert(session), true);

  const added = applyWhatsappEvent(session, { action: "update", whatsapp: whatsapp({ id: 3 }) });
  assert.deepEqual(added.map((item) => item.id), [1, 2, 3]);

  const removed = applyWhatsappEvent(added, { action: "delete", whatsappId: 2 });
  assert.deepEqual(removed.map((item) => item.id), [1, 3]);

  assert.equal(applyWhatsappEvent(removed, { action: "noise" }), removed);
  assert.equal(applyWhatsappEvent(removed, null), removed);
});

Deno.test("an answer older than the events already applied does not undo them", () => {
  const created = whatsapp({ status: "OPENING", updatedAt: "2026-01-01T00:00:00.000Z" });
  const connected = applyWhatsappEvent([], {
    action: "update",
    session: { ...created, status: "CONNECTED", token: "", updatedAt: "2026-01-01T00:00:00.050Z" },
  });
  const [merged] = upsertWhatsapp(connected, created);
  assert.equal(merged.status, "CONNECTED");
  assert.equal(merged.token, "secret");
  const [edited] = upsertWhatsapp(
    connected,
    whatsapp({ name: "Edited", status: "CONNECTED", updatedAt: "2026-01-01T00:00:01.000Z" }),
  );
  assert.equal(edited.name, "Edited");
});

Deno.test("dates show as dd/MM/yy HH:mm", () => {
  const local = new Date(2026, 2, 5, 9, 7);
  assert.equal(formatDateTime(local.toISOString()), "05/03/26 09:07");
  assert.equal(formatDateTime(""), "");
  assert.equal(formatDateTime("not a date"), "");
});

Deno.test("connection form: name 2..50, greeting with more than one queue, number lists", () => {
  const values = { ...initialValues(null), name: "A" };
  assert.equal(validateConnection(values).name?.key, "validation.tooShort");
  const twoQueues = { ...values, name: "Main", queueIds: ["1", "2"] };
  assert.equal(greetingRequired(twoQueues), true);
  assert.equal(
    validateConnection(twoQueues).greetingMessage?.key,
    "errors.ERR_WAPP_GREETING_REQUIRED",
  );
  assert.equal(greetingRequired({ ...twoQueues, greetingMessage: "Hi" }), false);
  assert.equal(greetingRequired({ ...twoQueues, queueIds: ["1"] }), false);
  assert.equal(
    validateConnection({ ...values, name: "Ok", whitelist: "123" }).whitelist?.key,
    "connections.form.invalidNumbers",
  );
  assert.equal(
    validateConnection({ ...values, name: "Ok", blacklist: "+55 (11) 99999-0000; 5521988887777;" })
      .blacklist,
    undefined,
  );
  assert.equal(
    cleanNumberList(" +55 (11) 99999-0000 ;; 5521988887777; "),
    "5511999990000;5521988887777",
  );
});

Deno.test("connection payload: provider only on create, empty lists left out, nulls for prompt", () => {
  const created = toWhatsappInput(
    { ...initialValues(null), name: " New ", provider: "sandbox", queueIds: ["4"] },
    null,
  );
  assert.equal(created.name, "New");
  assert.equal(created.provider, "sandbox");
  assert.deepEqual(created.queueIds, [4]);
  assert.equal(created.maxUseBotQueues, 3);
  assert.equal(created.promptId, null);
  assert.equal(created.integrationId, null);
  assert.equal(created.transferQueueId, null);
  assert.equal("whitelist" in created, false);
  assert.equal("blacklist" in created, false);

  const original = whatsapp({ whitelist: "5511999990000" });
  const edited = toWhatsappInput(
    {
      ...initialValues(original),
      whitelist: "",
      blacklist: "5521 98888-7777",
      transferQueueId: "7",
    },
    original,
  );
  assert.equal("provider" in edited, false);
  // emptying a list that had numbers must reach the server, or the old numbers would stay
  assert.equal(edited.whitelist, "");
  assert.equal(edited.blacklist, "5521988887777");
  assert.equal(edited.transferQueueId, 7);
});

Deno.test("status notes: the reason and the next retry time (HH:mm, local), none when connected", () => {
  const at = new Date(2026, 10, 23, 14, 5).toISOString();
  assert.deepEqual(statusNotes(whatsapp({ status: "OPENING", nextRetryAt: at })), [
    { key: "connections.nextRetry", values: { time: "14:05" } },
  ]);
  assert.deepEqual(
    statusNotes(whatsapp({ status: "DISCONNECTED", statusReason: "versionRejected" })),
    [{ key: "connections.reason.versionRejected" }],
  );
  assert.deepEqual(statusNotes(whatsapp({ status: "CONNECTED", nextRetryAt: at })), []);
  const footprint = { caches: { lidMappings: { entries: 4000, bytes: 2_500_000 } }, bytes: 3_355_443 };
  assert.deepEqual(statusNotes(whatsapp({ status: "CONNECTED", footprint })), [
    { key: "connections.memory", values: { size: new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 }).format(3.2) } },
  ]);
  assert.deepEqual(
    statusNotes(whatsapp({ status: "DISCONNECTED", statusReason: "scanNotCompleted", footprint })),
    [{ key: "connections.reason.scanNotCompleted" }],
    "a session that is down shows why, not its last memory",
  );
  assert.deepEqual(statusNotes(whatsapp({ status: "DISCONNECTED" })), []);
});

Deno.test("disconnect: the QR code is spoken of only for a real WhatsApp, not the sandbox", () => {
  const texts = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], pt);
  assert.match(String(texts(disconnectMessageKey("baileys"))), /QR Code/);
  assert.doesNotMatch(String(texts(disconnectMessageKey("sandbox"))), /QR/i);
});

Deno.test("connection form: a field in error opens its folded section", () => {
  assert.deepEqual(sectionsOf(["name"]), []);
  assert.deepEqual(sectionsOf(["greetingMessage", "blacklist", "whitelist"]), ["messages", "lists"]);
  assert.deepEqual(sectionsOf(["timeToTransfer", "outOfHoursMessage"]), ["timers", "hours"]);
});

Deno.test("connection hours: own hours are sent as the week, turned off they go back to the company's ([]), checked like the company's", () => {
  const created = toWhatsappInput({ ...initialValues(null), name: "Loja" }, null);
  assert.equal("schedules" in created, false, "a new connection follows the company's hours");

  const week = initialValues(null).schedules.map((day) => ({ ...day, startTime: "12:00", endTime: "22:00" }));
  const own = toWhatsappInput({ ...initialValues(null), name: "Loja", ownHours: true, schedules: week }, null);
  assert.deepEqual(own.schedules, week);

  const original = whatsapp({ schedules: week });
  assert.equal(initialValues(original).ownHours, true);
  assert.deepEqual(initialValues(original).schedules, week);
  assert.deepEqual(toWhatsappInput({ ...initialValues(original), ownHours: false }, original).schedules, []);
  assert.equal("schedules" in toWhatsappInput(initialValues(whatsapp()), whatsapp()), false);

  const wrong = week.map((day, index) => index === 0 ? { ...day, endTime: "11:00" } : day);
  const issues = validateConnection({ ...initialValues(null), name: "Loja", ownHours: true, schedules: wrong });
  assert.equal(issues["schedules.0.endTime"]?.key, "hours.errors.order");
  assert.deepEqual(validateConnection({ ...initialValues(null), name: "Loja", ownHours: false, schedules: wrong }), {});
  assert.deepEqual(sectionsOf(["schedules.0.endTime"]), ["hours"]);
});

Deno.test("connection payload: the welcome and not-phrase flows go as ids, none as null, kept when untouched", () => {
  const none = toWhatsappInput({ ...initialValues(null), name: "Loja" }, null);
  assert.equal(none.flowIdWelcome, null);
  assert.equal(none.flowIdNotPhrase, null);
  const original = whatsapp({ flowIdWelcome: 4, flowIdNotPhrase: 9 });
  const kept = toWhatsappInput(initialValues(original), original);
  assert.equal(kept.flowIdWelcome, 4);
  assert.equal(kept.flowIdNotPhrase, 9);
  const cleared = toWhatsappInput({ ...initialValues(original), flowIdWelcome: "" }, original);
  assert.equal(cleared.flowIdWelcome, null);
  assert.equal(cleared.flowIdNotPhrase, 9);
});

Deno.test("connection payload: the chosen integration goes as its id, kept when untouched, none as null", () => {
  const chosen = toWhatsappInput({ ...initialValues(null), name: "Loja", integrationId: "3" }, null);
  assert.equal(chosen.integrationId, 3);
  const original = whatsapp({ integrationId: 5 });
  assert.equal(initialValues(original).integrationId, "5");
  assert.equal(toWhatsappInput(initialValues(original), original).integrationId, 5);
  const removed = toWhatsappInput({ ...initialValues(original), integrationId: "" }, original);
  assert.equal(removed.integrationId, null, "choosing none removes the stored integration");
  // A server refusal (the integration deleted meanwhile) opens the section holding the field.
  assert.deepEqual(sectionsOf(["integrationId"]), ["timers"]);
});
