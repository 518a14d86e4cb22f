// Password reset at the spec's paths, with the code delivered by a real SMTP conversation
// to a mail sink on 127.0.0.1 (smtp-server), and read back from the received mail.
import assert from "node:assert/strict";
import { SMTPServer } from "smtp-server";
import { ADMIN, newCompany, startTestServer } from "../testing.ts";

interface Received {
  to: string[];
  raw: string;
  /** The decoded text part (quoted-printable undone). */
  text: string;
  subject: string;
}

/** Undoes quoted-printable (and =?UTF-8?Q?...?= words) the way a mail reader would. */
function decodeQp(s: string) {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, "");
  for (let i = 0; i < src.length; i++) {
    if (src[i] === "=" && /^[0-9A-F]{2}$/i.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(src[i]));
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

async function mailSink(credentials: { user: string; pass: string }) {
  const mails: Received[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    allowInsecureAuth: true,
    onAuth(auth, _session, cb) {
      if (auth.username === credentials.user && auth.password === credentials.pass) cb(null, { user: auth.username });
      else cb(new Error("bad credentials"));
    },
    onData(stream, session, cb) {
      const chunks: Uint8Array[] = [];
      stream.on("data", (c: Uint8Array) => chunks.push(c));
      stream.on("end", () => {
        const raw = new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c])));
        const [head, ...body] = raw.split(/\r?\n\r?\n/);
        // Unfold long headers; white space between encoded words is not part of the text.
        const subject = (head.replace(/\r?\n[ \t]+/g, " ").match(/^Subject: (.*)$/m)?.[1] ?? "")
          .replace(/\?=\s+=\?/g, "?==?")
          .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_m, w: string) => decodeQp(w.replace(/_/g, " ")));
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, text: decodeQp(body.join("\n\n")), subject });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return { mails, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Everything the server writes to stdout/stderr while fn runs. */
async function capturingLogs<T>(fn: (lines: string[]) => Promise<T>) {
  const lines: string[] = [];
  const { log, error } = console;
  console.log = (...a: unknown[]) => lines.push(a.map(String).join(" "));
  console.error = (...a: unknown[]) => lines.push(a.map(String).join(" "));
  try {
    return await fn(lines);
  } finally {
    console.log = log;
    console.error = error;
  }
}

const codeIn = (text: string) => text.match(/\b(\d{6})\b/)?.[1];

Deno.test("password reset at the spec's paths: the code comes by e-mail in the company's language, resets once, and never reaches the log", async () => {
  const sink = await mailSink({ user: "mailer", pass: "s3cret" });
  await capturingLogs(async (lines) => {
    const s = await startTestServer({
      env: {
        SMTP_HOST: "127.0.0.1",
        SMTP_PORT: String(sink.port),
        SMTP_SECURE: "false",
        SMTP_USER: "mailer",
        SMTP_PASS: "s3cret",
        MAIL_FROM: "Inbox <no-reply@example.com>",
        LOG_LEVEL: "debug",
      },
    });
    try {
      const sent = await s.call("/forgetpassword/root@example.com", { method: "POST" });
      assert.equal(sent.status, 200);
      assert.equal(sent.body.status, 200);
      assert.equal(sink.mails.length, 1);
      const mail = sink.mails[0];
      assert.deepEqual(mail.to, [ADMIN.email]);
      assert.match(mail.raw, /^From: Inbox <no-reply@example\.com>/m);
      assert.equal(mail.subject, "Código para redefinir sua senha");
      assert.match(mail.text, /Seu código para redefinir a senha é: \d{6}/);
      const code = codeIn(mail.text)!;

      const unknown = await s.call("/forgetpassword/nobody@example.com", { method: "POST" });
      assert.equal(unknown.status, 200, "the client reads the status from the body");
      assert.equal(unknown.body.status, 404);
      assert.equal(sink.mails.length, 1, "no mail for an unknown address");
      assert.equal((await s.call("/forgetpassword/not-an-email", { method: "POST" })).body.field, "email");

      const wrong = await s.call(`/resetpasswords/root@example.com/${code === "000000" ? "111111" : "000000"}/NewPass123`, { method: "POST" });
      assert.equal(wrong.status, 400);
      assert.equal(wrong.body.error, "ERR_INVALID_RESET_CODE");
      const weak = await s.call(`/resetpasswords/root@example.com/${code}/short`, { method: "POST" });
      assert.equal(weak.body.field, "newPassword");
      const done = await s.call(`/resetpasswords/root@example.com/${code}/NewPass123`, { method: "POST" });
      assert.equal(done.status, 200);
      assert.equal(done.body.status, 200);
      await s.login(ADMIN.email, "NewPass123");
      assert.equal((await s.call("/auth/login", { body: ADMIN })).status, 401, "the old password is gone");
      assert.equal((await s.call(`/resetpasswords/root@example.com/${code}/Other1234`, { method: "POST" })).status, 400, "a code works once");

      // Another company's admin gets the mail in that company's language, by the JSON route too.
      const root = await s.login(ADMIN.email, "NewPass123");
      const es = await newCompany(s, root.token, "Empresa Hispana", { language: "es" });
      assert.equal((await s.call("/auth/forgot-password", { body: { email: es.email } })).status, 204);
      assert.equal(sink.mails.length, 2);
      assert.equal(sink.mails[1].subject, "Código para restablecer su contraseña");
      assert.match(sink.mails[1].text, /Su código para restablecer la contraseña es: \d{6}/);
      const esCode = codeIn(sink.mails[1].text)!;

      // Requests for codes are limited per address, across both routes.
      let limited;
      for (let i = 0; i < 10 && !limited; i++) {
        const r = await s.call("/forgetpassword/nobody@example.com", { method: "POST" });
        if (r.status === 429) limited = r;
      }
      assert.equal(limited?.body.error, "ERR_TOO_MANY_ATTEMPTS");

      const logged = lines.join("\n");
      assert.ok(logged.includes("/resetpasswords/[redacted]"), "reset calls are logged, redacted");
      for (const secret of [code, esCode, "NewPass123", "Other1234", "s3cret"]) {
        assert.ok(!logged.includes(secret), `the log never holds ${secret}`);
      }
    } finally {
      await s.stop();
    }
  });
  await sink.close();
});

Deno.test("password reset without SMTP: the code goes to the log for the operator; a failing mail server is a clear error", async () => {
  await capturingLogs(async (lines) => {
    const s = await startTestServer({ env: { LOG_LEVEL: "warn" } });
    try {
      const r = await s.call("/forgetpassword/root@example.com", { method: "POST" });
      assert.equal(r.body.status, 200);
      const entry = lines.map((l) => JSON.parse(l)).find((l) => l.msg.startsWith("password reset code issued"));
      assert.match(entry.code, /^\d{6}$/);
      assert.equal((await s.call(`/resetpasswords/root@example.com/${entry.code}/NewPass123`, { method: "POST" })).status, 200);
    } finally {
      await s.stop();
    }
  });
  const sink = await mailSink({ user: "mailer", pass: "right" });
  const s = await startTestServer({ env: { SMTP_HOST: "127.0.0.1", SMTP_PORT: String(sink.port), SMTP_USER: "mailer", SMTP_PASS: "wrong" } });
  try {
    const r = await s.call("/forgetpassword/root@example.com", { method: "POST" });
    assert.equal(r.status, 503);
    assert.equal(r.body.error, "ERR_MAIL_NOT_SENT");
  } finally {
    await s.stop();
    await sink.close();
  }
});
