// The schedule dialog's rules (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { Schedule } from "../../api/schedules.ts";
import {
  defaultSendAt,
  dialogTitleKind,
  fromLocalParts,
  initialValues,
  insertAt,
  isReadOnly,
  type ScheduleValues,
  sendingNotice,
  toLocalParts,
  toScheduleInput,
  validateSchedule,
} from "./scheduleForm.ts";

const now = new Date(2025, 5, 10, 14, 30, 15);

function schedule(patch: Partial<Schedule> = {}): Schedule {
  return {
    id: 7,
    body: "Olá {{firstName}}, tudo bem?",
    sendAt: new Date(2025, 5, 11, 9, 5).toISOString(),
    sentAt: null,
    status: "PENDENTE",
    contactId: 3,
    contact: { id: 3, name: "Maria Souza", number: "5511999990003" },
    ticketId: null,
    userId: 1,
    user: { id: 1, name: "Admin" },
    whatsappId: null,
    error: null,
    dueAt: new Date(2025, 5, 11, 9, 5).toISOString(),
    attempts: 0,
    attemptAt: null,
    createdAt: "2025-06-01T00:00:00.000Z",
    updatedAt: "2025-06-01T00:00:00.000Z",
    ...patch,
  };
}

function values(patch: Partial<ScheduleValues> = {}): ScheduleValues {
  return {
    contact: { id: 3, name: "Maria" },
    body: "Lembrete da consulta",
    date: "2025-06-10",
    time: "16:00",
    ...patch,
  };
}

Deno.test("a new schedule defaults to one hour from now, in local date and time", () => {
  assert.equal(defaultSendAt(now).getTime() - now.getTime(), 60 * 60 * 1000);
  const initial = initialValues(null, { id: 5, name: "João" }, now);
  assert.deepEqual(initial, {
    contact: { id: 5, name: "João" },
    body: "",
    date: "2025-06-10",
    time: "15:30",
  });
});

Deno.test("one hour from now crosses midnight into the next day", () => {
  const late = new Date(2025, 11, 31, 23, 40);
  assert.deepEqual(toLocalParts(defaultSendAt(late)), { date: "2026-01-01", time: "00:40" });
});

Deno.test("an existing schedule fills the form from its own contact and moment", () => {
  const initial = initialValues(schedule(), undefined, now);
  assert.deepEqual(initial, {
    contact: { id: 3, name: "Maria Souza" },
    body: "Olá {{firstName}}, tudo bem?",
    date: "2025-06-11",
    time: "09:05",
  });
  // A contact fixed by the caller wins.
  assert.equal(initialValues(schedule(), { id: 9, name: "Fixo" }, now).contact?.id, 9);
});

Deno.test("local parts round-trip and reject days that do not exist", () => {
  const moment = fromLocalParts("2025-06-11", "09:05");
  assert.ok(moment);
  assert.deepEqual(toLocalParts(moment), { date: "2025-06-11", time: "09:05" });
  assert.equal(fromLocalParts("2025-02-31", "10:00"), null);
  assert.equal(fromLocalParts("", "10:00"), null);
  assert.equal(fromLocalParts("2025-06-11", "9h"), null);
});

Deno.test("valid values pass", () => {
  assert.deepEqual(validateSchedule(values(), now), {});
});

Deno.test("body is required and needs at least 5 characters ('Mensagem muito curta')", () => {
  assert.deepEqual(validateSchedule(values({ body: "   " }), now).body, {
    key: "validation.required",
  });
  assert.deepEqual(validateSchedule(values({ body: " Olá " }), now).body, {
    key: "schedules.dialog.bodyTooShort",
  });
  assert.equal(validateSchedule(values({ body: "Olá!!" }), now).body, undefined);
  assert.equal(
    validateSchedule(values({ body: "x".repeat(4097) }), now).body?.key,
    "validation.tooLong",
  );
});

Deno.test("contact, date and time are required ('Obrigatório')", () => {
  const issues = validateSchedule(values({ contact: null, date: "", time: "" }), now);
  assert.deepEqual(issues.contactId, { key: "validation.required" });
  assert.deepEqual(issues.sendAt, { key: "validation.required" });
  assert.deepEqual(issues.sendTime, { key: "validation.required" });
});

Deno.test("the moment must be in the future", () => {
  assert.deepEqual(validateSchedule(values({ time: "14:30" }), now).sendAt, {
    key: "schedules.dialog.pastDate",
  });
  assert.deepEqual(validateSchedule(values({ date: "2025-06-09" }), now).sendAt, {
    key: "schedules.dialog.pastDate",
  });
  assert.equal(validateSchedule(values({ time: "14:31" }), now).sendAt, undefined);
  assert.deepEqual(validateSchedule(values({ date: "2025-02-30" }), now).sendAt, {
    key: "validation.invalidDate",
  });
});

Deno.test("the request carries the trimmed body, the ISO moment, the contact and the ticket", () => {
  const input = toScheduleInput(values({ body: "  Lembrete  " }), 42);
  assert.deepEqual(input, {
    body: "Lembrete",
    sendAt: new Date(2025, 5, 10, 16, 0).toISOString(),
    contactId: 3,
    ticketId: 42,
  });
  assert.equal("ticketId" in toScheduleInput(values()), false);
  assert.throws(() => toScheduleInput(values({ contact: null })));
});

Deno.test("heading: new, 'Erro de Envio' for ERRO, else 'Mensagem {status}'", () => {
  assert.equal(dialogTitleKind(null), "new");
  assert.equal(dialogTitleKind(schedule({ status: "ERRO" })), "error");
  assert.equal(dialogTitleKind(schedule({ status: "ENVIADA" })), "status");
  assert.equal(dialogTitleKind(schedule({ status: "PENDENTE" })), "status");
});

Deno.test("a sent or sending schedule is read-only; a failed or uncertain one can be given a new time", () => {
  assert.equal(isReadOnly(null), false);
  assert.equal(isReadOnly(schedule()), false);
  assert.equal(
    isReadOnly(schedule({ sentAt: "2025-06-11T12:05:00.000Z", status: "ENVIADA" })),
    true,
  );
  assert.equal(isReadOnly(schedule({ status: "ENVIANDO" })), true);
  assert.equal(isReadOnly(schedule({ status: "INCERTO" })), false);
  assert.equal(isReadOnly(schedule({ status: "ERRO" })), false);
});

Deno.test("the sending notice: sent, uncertain, failed, or waiting for a retry", () => {
  const at = "2025-06-11T12:05:00.000Z";
  const later = "2025-06-11T12:06:00.000Z";
  assert.equal(sendingNotice(null), null);
  assert.equal(sendingNotice(schedule()), null);
  assert.deepEqual(sendingNotice(schedule({ status: "ENVIADA", sentAt: at })), {
    key: "schedules.dialog.sentAt",
    date: at,
  });
  assert.deepEqual(sendingNotice(schedule({ status: "INCERTO", attemptAt: at, attempts: 1 })), {
    key: "schedules.dialog.uncertain",
    date: at,
  });
  assert.deepEqual(sendingNotice(schedule({ status: "ERRO", attemptAt: at, attempts: 5 })), {
    key: "schedules.dialog.attemptedAt",
    date: at,
  });
  assert.deepEqual(
    sendingNotice(schedule({ status: "PENDENTE", attemptAt: at, attempts: 2, dueAt: later })),
    { key: "schedules.dialog.retrying", date: later },
  );
});

Deno.test("variables are inserted at the caret, or at the end", () => {
  assert.deepEqual(insertAt("Olá !", "{{firstName}}", 4), {
    text: "Olá {{firstName}}!",
    caret: 17,
  });
  assert.deepEqual(insertAt("Olá", " {{name}}", null), { text: "Olá {{name}}", caret: 12 });
  assert.deepEqual(insertAt("Olá", "X", 99), { text: "OláX", caret: 4 });
});
