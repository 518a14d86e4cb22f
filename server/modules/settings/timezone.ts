// Calendar days in the company's time zone (setting "timezone"), as UTC instants: the
// database stores UTC, people think in their own days.

/** A calendar day in a time zone, as UTC ISO instants [start, end). */
export function dayBounds(day: string, timeZone: string) {
  const midnight = (d: string) => wallClockInstant(`${d}T00:00:00`, timeZone);
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { start: midnight(day), end: midnight(next) };
}

/** A wall-clock time in a zone ("2026-11-24T15:00" or with seconds) as a UTC ISO instant. */
export function wallClockInstant(wall: string, timeZone: string) {
  const guess = Date.parse(`${wall}Z`);
  // Two rounds settle times whose offset changes (daylight saving) near them.
  let at = guess - offsetAt(guess, timeZone);
  at = guess - offsetAt(at, timeZone);
  return new Date(at).toISOString();
}

// Building an Intl.DateTimeFormat costs tens of microseconds, more than formatting with
// it, and every text a bot, flow or agent sends renders the time: one formatter a use and
// zone. Zones are few (a company has one), so the map stays small.
const formatters = new Map<string, Intl.DateTimeFormat>();
function cachedFormatter(key: string, make: () => Intl.DateTimeFormat) {
  let f = formatters.get(key);
  if (!f) {
    // Only a zone Intl accepted is kept (a bad one threw in make), so the map holds valid names only.
    f = make();
    formatters.set(key, f);
  }
  return f;
}

const formatterFor = (timeZone: string) =>
  cachedFormatter(`parts ${timeZone}`, () =>
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    }));

/** Wall-clock fields of an instant in a zone, zero-padded: {y, mo, d, h, mi, s}. */
export function localParts(instant: Date, timeZone: string) {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "00";
  return { y: get("year"), mo: get("month"), d: get("day"), h: get("hour"), mi: get("minute"), s: get("second") };
}

/** The zone's offset from UTC at an instant, in ms (São Paulo: -3 h). */
export function offsetAt(instant: number, timeZone: string) {
  const p = localParts(new Date(instant), timeZone);
  const local = Date.UTC(+p.y, +p.mo - 1, +p.d, +p.h, +p.mi, +p.s);
  return local - Math.floor(instant / 1000) * 1000;
}

/** An instant as people say it in a language ("sexta-feira, 27 de novembro de 2026 09:00"), in a zone. */
export function spokenDateTime(instant: Date, locale: string, timeZone: string): string {
  return cachedFormatter(`spoken ${locale} ${timeZone}`, () =>
    new Intl.DateTimeFormat(locale, { timeZone, dateStyle: "full", timeStyle: "short" })).format(instant);
}
