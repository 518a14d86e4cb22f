// A schedule's outcome at each point a send can stop: refused before the channel took it
// (retried, then ERRO), thrown from inside the channel or left claimed by a stopped
// server (INCERTO, reported, never sent again on its own).
import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { createClient } from "@libsql/client";
import { join } from "node:path";
import type { WAMessage } from "@whiskeysockets/baileys";
import { ADMIN, listen, sandboxConnection, startTestServer, type TestServer, waitFor } from "../../testing.ts";
import { schedules } from "../../../db/tenant/schema.ts";
import { FakeSocket, recordingFactory } from "../../channels/baileys/fixtures/fake_socket.ts";
import { silentLogger } from "../../channels/baileys/logger.ts";
import { MAX_ATTEMPTS, retryDelayMs } from "./sender.ts";
import { SandboxSession } from "../../channels/sandbox/provider.ts";

const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

async function getSchedule(s: TestServer, token: string, id: number) {
  return (await s.call(`/schedules/${id}`, { token })).body;
}

/** Brings a waiting retry forward to now, as the due timers would once its delay passed. */
async function retryNow(s: TestServer, id: number) {
  const now = new Date().toISOString();
  await s.deps.registry.with(1, (t) => t.db.update(schedules).set({ dueAt: now }).where(eq(schedules.id, id)));
  await s.deps.timers.arm(1, "schedules", now);
}

const outbox = async (s: TestServer, token: string, w: number, number: string) =>
  (await s.call(`/sandbox/${w}/outbox?number=${number}`, { token })).body.records;

Deno.test("schedules: a send refused because the connection is down is retried with backoff, sent once, and ERRO after the cap", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const contact = await s.call("/contacts", { token, body: { name: "Maria", number: "5511955550404" } });
    assert.equal((await s.call(`/whatsappsession/${w.id}`, { token, method: "DELETE" })).status, 200);

    const created = await s.call("/schedules", { token, body: { body: "Seu pedido saiu", sendAt: soon(200), contactId: contact.body.id } });
    const refused = await waitFor(async () => {
      const r = await getSchedule(s, token, created.body.id);
      return r.attempts === 1 && r.status === "PENDENTE" ? r : null;
    }, 4000, "a refused first attempt");
    assert.equal(refused.error, "ERR_WAPP_NOT_INITIALIZED");
    assert.equal(refused.sentAt, null);
    const wait = Date.parse(refused.dueAt) - Date.parse(refused.attemptAt);
    assert.ok(Math.abs(wait - retryDelayMs(1)) < 1000, `next try after the backoff (${wait} ms)`);
    assert.equal(retryDelayMs(2), 2 * retryDelayMs(1), "the wait doubles");
    assert.equal(refused.sendAt, created.body.sendAt, "the chosen time stays");

    assert.equal((await s.call(`/whatsappsession/${w.id}`, { token, method: "POST" })).status, 200);
    await waitFor(async () => (await s.call(`/whatsapp/${w.id}`, { token })).body.status === "CONNECTED", 3000, "CONNECTED");
    await retryNow(s, created.body.id);
    const sent = await waitFor(async () => {
      const r = await getSchedule(s, token, created.body.id);
      return r.status === "ENVIADA" ? r : null;
    }, 4000, "sent on the retry");
    assert.equal(sent.attempts, 2);
    assert.equal(sent.error, null);
    assert.equal((await outbox(s, token, w.id, "5511955550404")).length, 1, "sent exactly once");

    // A connection that never comes back: MAX_ATTEMPTS refused attempts, then ERRO.
    await s.call(`/whatsappsession/${w.id}`, { token, method: "DELETE" });
    const doomed = await s.call("/schedules", { token, body: { body: "Nunca vai sair", sendAt: soon(200), contactId: contact.body.id } });
    for (let n = 1; n <= MAX_ATTEMPTS; n++) {
      const r = await waitFor(async () => {
        const x = await getSchedule(s, token, doomed.body.id);
        return x.attempts === n && x.status !== "ENVIANDO" ? x : null;
      }, 4000, `attempt ${n}`);
      assert.equal(r.status, n < MAX_ATTEMPTS ? "PENDENTE" : "ERRO", `after attempt ${n}`);
      if (n < MAX_ATTEMPTS) await retryNow(s, doomed.body.id);
    }
    const failed = await getSchedule(s, token, doomed.body.id);
    assert.equal(failed.error, "ERR_WAPP_NOT_INITIALIZED");
    assert.equal((await outbox(s, token, w.id, "5511955550404")).length, 1, "nothing more went out");
  } finally {
    await s.stop();
  }
});

Deno.test("schedules: WhatsApp's 429 on the contact's number check is retried after the backoff (ERR_WAPP_CHECK_RATE_LIMITED), not an ERRO", async () => {
  const s = await startTestServer();
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await sandboxConnection(s, token);
    const phone = s.deps.sessions.session(1, w.id);
    assert.ok(phone instanceof SandboxSession);
    phone.rateLimitChecks(1);
    const contact = await s.call("/contacts", { token, body: { name: "Lia", number: "5511955550414" } });
    const created = await s.call("/schedules", { token, body: { body: "Sua consulta", sendAt: soon(200), contactId: contact.body.id } });
    const limited = await waitFor(async () => {
      const r = await getSchedule(s, token, created.body.id);
      return r.attempts === 1 && r.status !== "ENVIANDO" ? r : null;
    }, 4000, "the first attempt");
    assert.equal(limited.status, "PENDENTE");
    assert.equal(limited.error, "ERR_WAPP_CHECK_RATE_LIMITED");
    await retryNow(s, created.body.id);
    await waitFor(async () => (await getSchedule(s, token, created.body.id)).status === "ENVIADA", 4000, "sent on the retry");
    assert.equal((await outbox(s, token, w.id, "5511955550414")).length, 1);
  } finally {
    await s.stop();
  }
});

Deno.test("schedules: a claim left by a server that stopped mid-send is INCERTO after the restart, reported, never resent on its own", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-sched-crash-" });
  try {
    let s = await startTestServer({ dataDir });
    let token = (await s.login(ADMIN.email, ADMIN.password)).token;
    const w = await sandboxConnection(s, token);
    const contact = await s.call("/contacts", { token, body: { name: "João", number: "5511955550505" } });
    const a = await s.call("/schedules", { token, body: { body: "Mensagem A agendada", sendAt: soon(3_600_000), contactId: contact.body.id } });
    const b = await s.call("/schedules", { token, body: { body: "Mensagem B agendada", sendAt: soon(7_200_000), contactId: contact.body.id } });
    await s.stop();

    // What the stopped process left: A claimed (ENVIANDO) at its due time, the company's
    // timer row still at that instant because the run never finished.
    const claimedAt = new Date(Date.now() - 5_000).toISOString();
    const tenant = createClient({ url: `file:${join(dataDir, "tenants", "1.db")}` });
    await tenant.execute({
      sql: "UPDATE schedules SET status = 'ENVIANDO', attempts = 1, attempt_at = ?, send_at = ?, due_at = ? WHERE id = ?",
      args: [claimedAt, claimedAt, claimedAt, a.body.id],
    });
    tenant.close();
    const control = createClient({ url: `file:${join(dataDir, "control.db")}` });
    await control.execute({ sql: "UPDATE due_timers SET next_at = ? WHERE company_id = 1", args: [claimedAt] });
    control.close();

    s = await startTestServer({ dataDir });
    token = (await s.login(ADMIN.email, ADMIN.password)).token;
    const unknown = await waitFor(async () => {
      const r = await getSchedule(s, token, a.body.id);
      return r.status === "INCERTO" ? r : null;
    }, 4000, "INCERTO after the restart");
    assert.equal(unknown.error, "ERR_SCHEDULE_OUTCOME_UNKNOWN");
    assert.equal(unknown.attemptAt, claimedAt, "the attempt's time is kept for the person who checks");
    assert.equal((await getSchedule(s, token, b.body.id)).status, "PENDENTE", "the others wait their time");
    await s.deps.timers.arm(1, "schedules", new Date().toISOString());
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await getSchedule(s, token, a.body.id)).status, "INCERTO");
    assert.equal((await outbox(s, token, w.id, "5511955550505")).length, 0, "never resent on its own");

    // Sending it again is a person's choice, with a new time.
    const again = await s.call(`/schedules/${a.body.id}`, { token, method: "PUT", body: { body: "Mensagem A de novo" } });
    assert.equal(again.body.field, "sendAt");
    const resent = await s.call(`/schedules/${a.body.id}`, { token, method: "PUT", body: { sendAt: soon(200) } });
    assert.equal(resent.body.status, "PENDENTE");
    assert.equal(resent.body.attempts, 0);
    await waitFor(async () => (await getSchedule(s, token, a.body.id)).status === "ENVIADA", 4000, "sent on request");
    assert.equal((await outbox(s, token, w.id, "5511955550505")).length, 1);

    // A stale claim is found even when a later change re-armed the timer past it: reported live.
    const events = listen(s, 1);
    await s.deps.registry.with(1, (t) =>
      t.db.update(schedules).set({ status: "ENVIANDO", attemptAt: claimedAt }).where(eq(schedules.id, b.body.id)));
    await s.call("/schedules", { token, body: { body: "Mensagem C agendada", sendAt: soon(3_600_000), contactId: contact.body.id } });
    const reported = await waitFor(() =>
      events.events.find((e) => e.event === "company-1-schedule" && e.data.schedule?.id === b.body.id && e.data.schedule.status === "INCERTO"), 4000, "the INCERTO event");
    assert.equal(reported.data.action, "update");
    events.stop();
    await s.stop();
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

/** A WhatsApp link whose socket fails inside sendMessage: the message may have gone out. */
class FailingSocket extends FakeSocket {
  failSends = false;
  override sendMessage(...args: Parameters<FakeSocket["sendMessage"]>): Promise<WAMessage | undefined> {
    if (this.failSends) {
      this.sent.push({ jid: args[0], content: args[1], options: args[2], at: this.clock() });
      return Promise.reject(new Error("stream errored while writing"));
    }
    return super.sendMessage(...args);
  }
}

Deno.test("schedules on WhatsApp: an error inside the channel's send is INCERTO; a link that drops while the send waits its turn is retried", async () => {
  const { sockets, socketFactory } = recordingFactory((config, clock) => new FailingSocket(config, clock));
  const s = await startTestServer({
    baileys: {
      socketFactory,
      logger: silentLogger,
      sendGapMs: 1500,
    },
  });
  try {
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    const w = await s.call("/whatsapp", { token, body: { name: "Celular", provider: "baileys", isDefault: true } });
    const sock = await waitFor(() => sockets[0], 3000, "a socket");
    sock.open();
    await waitFor(async () => (await s.call(`/whatsapp/${w.body.id}`, { token })).body.status === "CONNECTED", 3000, "CONNECTED");
    const contact = await s.call("/contacts", { token, body: { name: "Ana", number: "5511955550606" } });

    sock.failSends = true;
    const thrown = await s.call("/schedules", { token, body: { body: "Falha no meio do envio", sendAt: soon(200), contactId: contact.body.id } });
    const unknown = await waitFor(async () => {
      const r = await getSchedule(s, token, thrown.body.id);
      return r.status === "INCERTO" ? r : null;
    }, 4000, "INCERTO");
    assert.equal(unknown.error, "ERR_SCHEDULE_OUTCOME_UNKNOWN");
    assert.equal(sock.sent.length, 1);
    await s.deps.timers.arm(1, "schedules", new Date().toISOString());
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(sock.sent.length, 1, "not tried again");

    // The pacer holds this send 1.5 s behind the previous one; the link drops meanwhile,
    // so the channel refuses it before it reaches the socket.
    sock.failSends = false;
    const queued = await s.call("/schedules", { token, body: { body: "Na fila do ritmo", sendAt: soon(200), contactId: contact.body.id } });
    await waitFor(async () => (await getSchedule(s, token, queued.body.id)).status === "ENVIANDO", 4000, "claimed");
    sock.close(428, "Connection Closed");
    const refused = await waitFor(async () => {
      const r = await getSchedule(s, token, queued.body.id);
      return r.status === "PENDENTE" && r.attempts === 1 ? r : null;
    }, 4000, "a refused attempt waiting for its retry");
    assert.equal(refused.error, "ERR_WAPP_NOT_INITIALIZED");
    assert.equal(sock.sent.length, 1, "it never reached the socket");
  } finally {
    await s.stop();
  }
});

Deno.test("schedules: a server killed while WhatsApp holds the send restarts with the schedule INCERTO, not ERRO, not resent", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-sched-kill-" });
  try {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", join(import.meta.dirname!, "fixtures", "crash_mid_send.ts"), dataDir],
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).spawn();
    let scheduleId = 0;
    const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    // A child that never reaches the send ends here, failing the test instead of hanging it.
    const guard = setTimeout(() => child.kill("SIGKILL"), 30_000);
    for (let buffer = ""; ;) {
      const { value, done } = await lines.read();
      if (done) throw new Error("the server process ended before sending");
      buffer += value;
      const steps = buffer.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
      scheduleId ||= steps.find((x) => x.step === "scheduled")?.scheduleId ?? 0;
      if (steps.some((x) => x.step === "sending")) break;
    }
    clearTimeout(guard);
    child.kill("SIGKILL");
    await child.status;
    await lines.cancel();

    const { sockets, socketFactory } = recordingFactory();
    const s = await startTestServer({
      dataDir,
      baileys: {
        socketFactory,
        logger: silentLogger,
      },
    });
    try {
      const token = (await s.login(ADMIN.email, ADMIN.password)).token;
      const after = await waitFor(async () => {
        const r = await getSchedule(s, token, scheduleId);
        return r.status !== "ENVIANDO" && r.status !== "PENDENTE" ? r : null;
      }, 4000, "the schedule settled after the restart");
      assert.equal(after.status, "INCERTO");
      assert.equal(after.error, "ERR_SCHEDULE_OUTCOME_UNKNOWN");
      assert.equal(after.attempts, 1);
      (await waitFor(() => sockets[0], 3000, "a socket")).open();
      await s.deps.timers.arm(1, "schedules", new Date().toISOString());
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(sockets[0].sent.length, 0, "not sent again by the restarted server");
      assert.equal((await getSchedule(s, token, scheduleId)).status, "INCERTO");
    } finally {
      await s.stop();
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
