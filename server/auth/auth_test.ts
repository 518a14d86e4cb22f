import assert from "node:assert/strict";
import { eq } from "drizzle-orm";
import { companies } from "../../db/control/schema.ts";
import { ADMIN, newCompany, startTestServer } from "../testing.ts";
import { addDays, today } from "../modules/companies/due.ts";

Deno.test("login: good credentials give a token, a rotating refresh cookie and the company", async () => {
  const s = await startTestServer();
  try {
    const r = await s.call("/auth/login", { body: ADMIN });
    assert.equal(r.status, 200);
    assert.ok(r.body.token);
    assert.equal(r.body.user.email, ADMIN.email);
    assert.equal(r.body.user.super, true);
    assert.equal(r.body.user.company.id, 1);
    assert.ok(r.body.user.company.settings.some((x: { key: string }) => x.key === "timezone"));
    assert.ok(!("passwordHash" in r.body.user));
    const raw = r.headers.get("set-cookie")!;
    assert.ok(/HttpOnly/i.test(raw) && /SameSite=Strict/i.test(raw) && /Path=\/auth/.test(raw), raw);
    const me = await s.call("/auth/me", { token: r.body.token });
    assert.equal(me.status, 200);
    assert.equal(me.body.id, r.body.user.id);
  } finally {
    await s.stop();
  }
});

Deno.test("login: wrong password and unknown email get the same answer", async () => {
  const s = await startTestServer();
  try {
    const wrong = await s.call("/auth/login", { body: { email: ADMIN.email, password: "nope-nope" } });
    const unknown = await s.call("/auth/login", { body: { email: "ghost@example.com", password: "nope-nope" } });
    for (const r of [wrong, unknown]) {
      assert.equal(r.status, 401);
      assert.equal(r.body.error, "ERR_INVALID_CREDENTIALS");
    }
    assert.equal(wrong.body.message, unknown.body.message);
    const empty = await s.call("/auth/login", { body: { email: "" } });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.error, "ERR_VALIDATION");
    const garbage = await s.call("/auth/login", { body: undefined, method: "POST", headers: { "content-type": "application/json" } });
    assert.equal(garbage.status, 400);
  } finally {
    await s.stop();
  }
});

Deno.test("login: an overdue company's users are refused with the spec's message (its admins pass the overdue door); a due-soon one is warned", async () => {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const a = await newCompany(s, root.token, "Overdue Co");
    const aAdmin = await s.login(a.email, a.password);
    const agent = await s.call("/users", { token: aAdmin.token, body: { name: "Agente", email: "agente@example.com", password: "secret12", profile: "user" } });
    assert.equal(agent.status, 201);
    await s.deps.control.db.update(companies).set({ dueDate: addDays(today(new Date()), -2) }).where(eq(companies.id, a.company.id));
    const r = await s.call("/auth/login", { body: { email: "agente@example.com", password: "secret12" } });
    assert.equal(r.status, 403);
    assert.equal(r.body.error, "ERR_SUBSCRIPTION_EXPIRED");
    assert.ok(r.body.message.startsWith("Opss! Sua assinatura venceu "), r.body.message);
    assert.ok(r.body.message.endsWith("Entre em contato com o Suporte para mais informações!"));

    const b = await newCompany(s, root.token, "Soon Co", { dueDate: addDays(today(new Date()), 3) });
    const ok = await s.call("/auth/login", { body: { email: b.email, password: b.password } });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.dueInDays, 3);

    // A session that was fine becomes refused when the company falls due.
    await s.deps.control.db.update(companies).set({ dueDate: addDays(today(new Date()), -1) })
      .where(eq(companies.id, b.company.id));
    const me = await s.call("/tickets", { token: ok.body.token });
    assert.equal(me.body.error, "ERR_SUBSCRIPTION_EXPIRED");

    const c = await newCompany(s, root.token, "Off Co", { status: false });
    const off = await s.call("/auth/login", { body: { email: c.email, password: c.password } });
    assert.equal(off.status, 403);
    assert.equal(off.body.error, "ERR_COMPANY_INACTIVE");
  } finally {
    await s.stop();
  }
});

Deno.test("refresh: rotates the cookie; an older cookie is refused; logout revokes", async () => {
  const s = await startTestServer();
  try {
    const first = await s.login(ADMIN.email, ADMIN.password);
    const r1 = await s.call("/auth/refresh_token", { method: "POST", cookie: first.cookie });
    assert.equal(r1.status, 200);
    assert.ok(r1.body.token);
    assert.ok(r1.cookie && r1.cookie !== first.cookie);
    const r2 = await s.call("/auth/refresh_token", { method: "POST", cookie: r1.cookie });
    assert.equal(r2.status, 200);
    // first.cookie is now two rotations old.
    const stale = await s.call("/auth/refresh_token", { method: "POST", cookie: first.cookie });
    assert.equal(stale.status, 401);
    assert.equal(stale.body.error, "ERR_SESSION_EXPIRED");

    const out = await s.call("/auth/logout", { method: "DELETE", cookie: r2.cookie });
    assert.equal(out.status, 204);
    const after = await s.call("/auth/refresh_token", { method: "POST", cookie: r2.cookie });
    assert.equal(after.status, 401);
    const none = await s.call("/auth/refresh_token", { method: "POST" });
    assert.equal(none.status, 401);
    const forged = await s.call("/auth/refresh_token", { method: "POST", cookie: "jrt=abc.def.ghi" });
    assert.equal(forged.status, 401);
  } finally {
    await s.stop();
  }
});

Deno.test("tokens: no token is 401, a bad or revoked one is 403 ERR_INVALID_TOKEN", async () => {
  const s = await startTestServer();
  try {
    assert.equal((await s.call("/users")).status, 401);
    const bad = await s.call("/users", { token: "x.y.z" });
    assert.equal(bad.status, 403);
    assert.equal(bad.body.error, "ERR_INVALID_TOKEN");
    const older = await s.login(ADMIN.email, ADMIN.password);
    // Signing in elsewhere revokes the older browser's tokens at once.
    await s.login(ADMIN.email, ADMIN.password);
    const r = await s.call("/users", { token: older.token });
    assert.equal(r.status, 403);
    assert.equal(r.body.error, "ERR_INVALID_TOKEN");
    assert.equal((await s.call("/auth/refresh_token", { method: "POST", cookie: older.cookie })).status, 401);
  } finally {
    await s.stop();
  }
});

Deno.test("rate limit: repeated failures lock the account and the address, and say so", async () => {
  const s = await startTestServer();
  try {
    for (let i = 0; i < 5; i++) {
      const r = await s.call("/auth/login", { body: { email: ADMIN.email, password: `wrong${i}xx` } });
      assert.equal(r.status, 401);
    }
    const locked = await s.call("/auth/login", { body: ADMIN });
    assert.equal(locked.status, 429);
    assert.equal(locked.body.error, "ERR_TOO_MANY_ATTEMPTS");
    assert.ok(locked.body.retryAfter > 0 && locked.body.retryAfter <= 30, String(locked.body.retryAfter));
    // The address is locked too, whichever account it tries next.
    const other = await s.call("/auth/login", { body: { email: "x@example.com", password: "whatever1" } });
    assert.equal(other.status, 429);
  } finally {
    await s.stop();
  }
});

Deno.test("password reset: a code from the log resets the password once", async () => {
  const s = await startTestServer();
  try {
    let captured = "";
    const { forgotPassword, resetPassword } = await import("./service.ts");
    await forgotPassword(s.deps, ADMIN.email, (_e, code) => {
      captured = code;
      return Promise.resolve();
    });
    assert.ok(/^\d{6}$/.test(captured));
    const weak = await s.call("/auth/reset-password", { body: { email: ADMIN.email, code: captured, password: "short" } });
    assert.equal(weak.status, 400);
    const wrong = await s.call("/auth/reset-password", {
      body: { email: ADMIN.email, code: captured === "000000" ? "111111" : "000000", password: "NewPass123" },
    });
    assert.equal(wrong.body.error, "ERR_INVALID_RESET_CODE");
    await resetPassword(s.deps, { email: ADMIN.email, code: captured, password: "NewPass123" });
    await s.login(ADMIN.email, "NewPass123");
    const again = await s.call("/auth/reset-password", { body: { email: ADMIN.email, code: captured, password: "Other1234" } });
    assert.equal(again.status, 400);
    const unknown = await s.call("/auth/forgot-password", { body: { email: "nobody@example.com" } });
    assert.equal(unknown.status, 204);
  } finally {
    await s.stop();
  }
});
