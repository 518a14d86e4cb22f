import assert from "node:assert/strict";
import { ADMIN, newCompany, startTestServer } from "../../testing.ts";
import { type DayHours, defaultWeek, weekInput, weekOf } from "./weekly-hours.ts";

const withDay = (weekdayEn: string, patch: Partial<Record<keyof DayHours, string>>) =>
  defaultWeek().map((d) => d.weekdayEn === weekdayEn ? { ...d, ...patch } : d);

// [what is wrong, the week sent, the field the answer names]
const BAD_WEEKS: [string, unknown, string][] = [
  ["hour without two digits", withDay("monday", { startTime: "8:00" }), "schedules.0.startTime"],
  ["hour 24", withDay("tuesday", { endTime: "24:00" }), "schedules.1.endTime"],
  ["minutes 60", withDay("wednesday", { startTime: "08:60" }), "schedules.2.startTime"],
  ["end before start", withDay("thursday", { startTime: "18:00", endTime: "08:00" }), "schedules.3.endTime"],
  ["end equal to start", withDay("friday", { startTime: "10:00", endTime: "10:00" }), "schedules.4.endTime"],
  ["half a day", withDay("saturday", { startTime: "08:00", endTime: "" }), "schedules.5.endTime"],
  ["unknown weekday", withDay("sunday", { weekdayEn: "funday" }), "schedules.6.weekdayEn"],
  ["a day twice", withDay("friday", { weekdayEn: "monday" }), "schedules.4.weekdayEn"],
  ["a day missing", defaultWeek().slice(0, 6), "schedules"],
];

Deno.test("weekly hours: the default week, closed days, and every bad week named by its field", () => {
  const week = defaultWeek();
  assert.deepEqual(week.map((d) => `${d.weekday}/${d.weekdayEn} ${d.startTime}-${d.endTime}`), [
    "Segunda-feira/monday 08:00-18:00", "Terça-feira/tuesday 08:00-18:00", "Quarta-feira/wednesday 08:00-18:00",
    "Quinta-feira/thursday 08:00-18:00", "Sexta-feira/friday 08:00-18:00", "Sábado/saturday 08:00-12:00",
    "Domingo/sunday 00:00-00:00",
  ]);
  assert.deepEqual(weekOf([]), week, "nothing stored: the default week");
  assert.equal(weekInput.safeParse(withDay("sunday", { startTime: "", endTime: "" })).success, true, "both empty: closed");
  for (const [what, days, field] of BAD_WEEKS) {
    const parsed = weekInput.safeParse(days);
    assert.equal(parsed.success, false, what);
    assert.equal(["schedules", ...parsed.error!.issues[0].path].join("."), field, what);
  }
});

Deno.test("weekly hours: the company's (PUT /companies/:id/schedules) and a connection's refuse the same bad weeks", async () => {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const { company, email, password } = await newCompany(s, root.token, "Horas");
    const { token } = await s.login(email, password);
    const wa = await s.call("/whatsapp", { token, body: { name: "Loja", provider: "sandbox" } });
    assert.equal(wa.status, 201);
    for (const [what, schedules, field] of BAD_WEEKS) {
      for (const [path, method] of [[`/companies/${company.id}/schedules`, "PUT"], [`/whatsapp/${wa.body.id}`, "PUT"]]) {
        const r = await s.call(path, { token, method, body: { schedules } });
        assert.equal(r.status, 400, `${path}: ${what}`);
        assert.equal(r.body.error, "ERR_VALIDATION", `${path}: ${what}`);
        assert.equal(r.body.field, field, `${path}: ${what}`);
      }
    }
    assert.deepEqual((await s.call(`/companies/${company.id}`, { token })).body.schedules, defaultWeek());
  } finally {
    await s.stop();
  }
});

Deno.test("weekly hours: the company's admin saves the week the spec's settings page sends; GET reads it back", async () => {
  const s = await startTestServer();
  try {
    const root = await s.login(ADMIN.email, ADMIN.password);
    const { company, email, password } = await newCompany(s, root.token, "Padaria");
    const admin = await s.login(email, password);
    // A new company opens on the default week until its admin sets one.
    assert.deepEqual((await s.call(`/companies/${company.id}`, { token: admin.token })).body.schedules, defaultWeek());
    // The spec's settings page sends all seven days (a closed day with both times empty) and
    // the company's id beside them.
    const schedules = withDay("saturday", { startTime: "", endTime: "" }).map((d) =>
      d.weekdayEn === "monday" ? { ...d, startTime: "07:30", endTime: "19:45" } : d
    );
    const put = await s.call(`/companies/${company.id}/schedules`, { method: "PUT", token: admin.token, body: { id: company.id, schedules } });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    assert.deepEqual(put.body.schedules, schedules);
    assert.deepEqual((await s.call(`/companies/${company.id}`, { token: admin.token })).body.schedules, schedules);
    // Another company's admin cannot set them; the super user can.
    const other = await newCompany(s, root.token, "Outra");
    const stranger = await s.login(other.email, other.password);
    const refused = await s.call(`/companies/${company.id}/schedules`, { method: "PUT", token: stranger.token, body: { schedules } });
    assert.equal(refused.status, 403);
    const bySuper = await s.call(`/companies/${company.id}/schedules`, { method: "PUT", token: root.token, body: { schedules: defaultWeek() } });
    assert.deepEqual(bySuper.body.schedules, defaultWeek());
  } finally {
    await s.stop();
  }
});
