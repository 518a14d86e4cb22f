// Customers' voice notes heard before an agent answers: each one in the conversation the
// model is about to read, not yet transcribed, goes to the agent's own server
// (/audio/transcriptions) and its text is kept on the message (the desk shows it under the
// audio, the history sends it as the customer's words). A failure costs nothing but the
// text: the message stays, the agent answers without it, and the next turn tries it once
// more (transcriptTries), never again after that.
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import { prepared } from "../../tenancy/prepared.ts";
import type { Hub } from "../../realtime/hub.ts";
import { MEDIA_LIMITS, type MediaStore } from "../../media/store.ts";
import { messages } from "../../../db/tenant/schema.ts";
import { AiError, type AiServer, transcribe } from "../../integrations/openai/client.ts";
import { publishMessageUpdate } from "../../modules/messages/events.ts";
import { errorFields, log } from "../../log.ts";

/** A voice note is sent to the server at most this many times. */
export const TRANSCRIPTION_TRIES = 2;
/** All of a turn's transcriptions end by then (the model call is still to come within the watchdog). */
const DEADLINE_MS = 60_000;

export interface Hearing {
  server: AiServer;
  media: MediaStore;
  hub: Hub;
}

/** The rows history() reads: the last `max` messages, with room for the deleted and empty ones it skips. */
export const historyWindow = (max: number) => Math.max(1, max) * 2;

/**
 * The messages the model may read, newest first, off messages_ticket_idx (ticket_id, id): the
 * voice notes to hear are looked for among them, and history() is made of them.
 */
export function recentMessages(t: Tenant, ticketId: number, max: number) {
  return prepared(t.db, "agentRecentMessages", (db) =>
    db.select({
      id: messages.id,
      body: messages.body,
      fromMe: messages.fromMe,
      mediaType: messages.mediaType,
      mediaUrl: messages.mediaUrl,
      mediaName: messages.mediaName,
      transcript: messages.transcript,
      transcriptTries: messages.transcriptTries,
      isDeleted: messages.isDeleted,
    }).from(messages).where(eq(messages.ticketId, sql.placeholder("ticketId")))
      .orderBy(desc(messages.id)).limit(sql.placeholder("limit")).prepare()).all({
      ticketId,
      limit: historyWindow(max),
    });
}

/** Transcribes the ticket's untranscribed customer voice notes among the messages the model will read. */
export async function hearVoiceNotes(t: Tenant, ticketId: number, max: number, h: Hearing) {
  const recent = await recentMessages(t, ticketId, max);
  const unheard = recent.filter((m) =>
    !m.fromMe && !m.isDeleted && m.mediaType === "audio" && m.mediaUrl !== null &&
    m.transcript === null && m.transcriptTries < TRANSCRIPTION_TRIES
  );
  if (!unheard.length) return;
  const deadline = AbortSignal.timeout(DEADLINE_MS);
  const signal = h.server.signal ? AbortSignal.any([deadline, h.server.signal]) : deadline;
  await Promise.all(
    unheard.map((m) =>
      hear(t, m.id, m.mediaUrl!, m.mediaName, { ...h, server: { ...h.server, signal } })
    ),
  );
}

async function hear(t: Tenant, id: number, url: string, name: string | null, h: Hearing) {
  // The try is counted before the call: a restart in the middle used it up too.
  const [claimed] = await t.db.update(messages)
    .set({ transcriptTries: sql`${messages.transcriptTries} + 1` })
    .where(and(
      eq(messages.id, id),
      isNull(messages.transcript),
      lt(messages.transcriptTries, TRANSCRIPTION_TRIES),
    ))
    .returning({ id: messages.id });
  if (!claimed) return;
  const fields = { companyId: t.companyId, messageId: id };
  try {
    const file = await h.media.read(t.companyId, url, MEDIA_LIMITS.audio);
    if (!file) {
      log.warn("agents: a voice note's file is gone or too large, not transcribed", fields);
      return;
    }
    const fileName = url.split("/").pop() || name || "audio.ogg";
    const text = await transcribe(h.server, {
      file: new Blob([file.data as Uint8Array<ArrayBuffer>], { type: file.mimetype }),
      fileName,
    });
    const [row] = await t.db.update(messages).set({ transcript: text.trim() })
      .where(eq(messages.id, id)).returning();
    if (row) await publishMessageUpdate(h.hub, t, row);
  } catch (err) {
    // The client's messages carry no key (it scrubs them).
    log.warn(
      "agents: a voice note could not be transcribed; the agent answers without it",
      err instanceof AiError
        ? { ...fields, kind: err.kind, status: err.status, error: err.message }
        : { ...fields, ...errorFields(err) },
    );
  }
}
