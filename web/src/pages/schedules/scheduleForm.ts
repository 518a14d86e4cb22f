/** The schedule form: defaults, rules (seed 002 sections 4-5) and the request body. */
import type { Schedule, ScheduleInput } from "../../api/schedules.ts";
import type { ContactChoice } from "../../components/contactSearch.ts";
import { todayIso } from "../../lib/format.ts";
import { collect, type Issues } from "../../lib/validation.ts";

/** "sendAt" carries the date and the whole-moment errors, so a server error on sendAt lands there. */
export type ScheduleField = "contactId" | "body" | "sendAt" | "sendTime";

export interface ScheduleValues {
  contact: ContactChoice | null;
  body: string;
  /** YYYY-MM-DD in the browser's time zone. */
  date: string;
  /** HH:mm in the browser's time zone. */
  time: string;
}

export const BODY_MIN = 5;
export const BODY_MAX = 4096;
const HOUR_MS = 60 * 60 * 1000;

const pad = (part: number) => String(part).padStart(2, "0");

/** A moment as the date and time inputs show it (browser time zone, minute precision). */
export function toLocalParts(moment: Date): { date: string; time: string } {
  return { date: todayIso(moment), time: `${pad(moment.getHours())}:${pad(moment.getMinutes())}` };
}

/** The moment the date and time inputs describe, or null when either is empty or malformed. */
export function fromLocalParts(date: string, time: string): Date | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!day || !clock) return null;
  const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])];
  const moment = new Date(year, month - 1, dayOfMonth, Number(clock[1]), Number(clock[2]));
  // Date rolls 31/02 over to March: a day that does not exist is not a date.
  if (moment.getDate() !== dayOfMonth || moment.getMonth() !== month - 1) return null;
  return moment;
}

/** A new schedule is sent one hour from now unless the user picks another moment. */
export function defaultSendAt(now = new Date()): Date {
  return new Date(now.getTime() + HOUR_MS);
}

export function initialValues(
  schedule: Schedule | null,
  contact: ContactChoice | undefined,
  now = new Date(),
): ScheduleValues {
  const sendAt = schedule ? new Date(schedule.sendAt) : defaultSendAt(now);
  const parts = Number.isNaN(sendAt.getTime()) ? { date: "", time: "" } : toLocalParts(sendAt);
  const own = schedule ? { id: schedule.contact.id, name: schedule.contact.name } : null;
  return { contact: contact ?? own, body: schedule?.body ?? "", ...parts };
}

/** Body 5..4096 ('Mensagem muito curta'), a contact, and a moment in the future. */
export function validateSchedule(values: ScheduleValues, now = new Date()): Issues<ScheduleField> {
  const body = values.body.trim();
  const moment = fromLocalParts(values.date, values.time);
  return collect<ScheduleField>({
    contactId: values.contact ? null : { key: "validation.required" },
    body: !body
      ? { key: "validation.required" }
      : body.length < BODY_MIN
      ? { key: "schedules.dialog.bodyTooShort" }
      : body.length > BODY_MAX
      ? { key: "validation.tooLong", params: { max: BODY_MAX } }
      : null,
    sendAt: !values.date
      ? { key: "validation.required" }
      : !values.time
      ? null
      : !moment
      ? { key: "validation.invalidDate" }
      : moment.getTime() <= now.getTime()
      ? { key: "schedules.dialog.pastDate" }
      : null,
    sendTime: values.time ? null : { key: "validation.required" },
  });
}

/** The request body; call only once validateSchedule passed. */
export function toScheduleInput(values: ScheduleValues, ticketId?: number): ScheduleInput {
  const moment = fromLocalParts(values.date, values.time);
  if (!values.contact || !moment) throw new Error("toScheduleInput needs valid values");
  const input: ScheduleInput = {
    body: values.body.trim(),
    sendAt: moment.toISOString(),
    contactId: values.contact.id,
  };
  if (ticketId !== undefined) input.ticketId = ticketId;
  return input;
}

/** Which heading the dialog shows: a new one, 'Erro de Envio', or 'Mensagem {status}'. */
export function dialogTitleKind(
  schedule: Pick<Schedule, "status"> | null,
): "new" | "error" | "status" {
  if (!schedule) return "new";
  return schedule.status === "ERRO" ? "error" : "status";
}

/**
 * A sent (or sending) schedule is shown read-only, without submit. A failed or uncertain one
 * can be saved again with a new time: the person who checked decides to resend it.
 */
export function isReadOnly(schedule: Pick<Schedule, "status"> | null): boolean {
  return schedule?.status === "ENVIADA" || schedule?.status === "ENVIANDO";
}

/** The line the dialog shows about how sending went, if any. */
export function sendingNotice(
  schedule: Pick<Schedule, "status" | "sentAt" | "attemptAt" | "attempts" | "dueAt"> | null,
): { key: string; date: string } | null {
  if (!schedule) return null;
  if (schedule.status === "ENVIADA" && schedule.sentAt) {
    return { key: "schedules.dialog.sentAt", date: schedule.sentAt };
  }
  if (schedule.status === "INCERTO" && schedule.attemptAt) {
    return { key: "schedules.dialog.uncertain", date: schedule.attemptAt };
  }
  if (schedule.status === "ERRO" && schedule.attemptAt) {
    return { key: "schedules.dialog.attemptedAt", date: schedule.attemptAt };
  }
  if (schedule.status === "PENDENTE" && schedule.attempts > 0) {
    return { key: "schedules.dialog.retrying", date: schedule.dueAt };
  }
  return null;
}

/** Insert text at the caret (or at the end when there is none), returning text and new caret. */
export function insertAt(
  text: string,
  insert: string,
  caret: number | null,
): { text: string; caret: number } {
  const at = caret === null || caret < 0 || caret > text.length ? text.length : caret;
  return { text: text.slice(0, at) + insert + text.slice(at), caret: at + insert.length };
}
