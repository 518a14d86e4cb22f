// Whether a connection may send a campaign message now, and if not why and until when:
// WhatsApp's restriction of the number, the send window, the day's cap. Days and hours are
// the company's (its time zone); the cap grows with the age of the connection's number.
import { type CampaignSettings, dailyCapFor } from "../../../contracts/campaigns.ts";
import { dayBounds, localParts, wallClockInstant } from "../settings/timezone.ts";

const DAY_MS = 86_400_000;

export interface Hold {
  reason: "ERR_CAMPAIGN_ACCOUNT_RESTRICTED" | "ERR_CAMPAIGN_OUTSIDE_WINDOW" | "ERR_CAMPAIGN_DAILY_CAP";
  until: Date;
}

/** What the guards read of the connection (campaign_connections). */
export interface ConnectionFacts {
  restrictedUntil: string | null;
  day: string;
  daySends: number;
  numberSince: string;
}

/** The company's calendar day of an instant, YYYY-MM-DD. */
export function calendarDay(now: Date, timeZone: string): string {
  const p = localParts(now, timeZone);
  return `${p.y}-${p.mo}-${p.d}`;
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** When the send window opens next, or null while it is open (or has no bounds). */
export function windowOpens(s: Pick<CampaignSettings, "windowStart" | "windowEnd">, now: Date, timeZone: string): Date | null {
  const start = minutes(s.windowStart);
  const end = minutes(s.windowEnd);
  if (start === end) return null;
  const p = localParts(now, timeZone);
  const m = Number(p.h) * 60 + Number(p.mi);
  const open = start < end ? m >= start && m < end : m >= start || m < end;
  if (open) return null;
  const today = `${p.y}-${p.mo}-${p.d}`;
  const day = m < start ? today : nextDay(today);
  return new Date(wallClockInstant(`${day}T${s.windowStart}:00`, timeZone));
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** Whole days the connection has had its number. */
export const ageDays = (since: string, now: Date) => Math.max(0, Math.floor((now.getTime() - Date.parse(since)) / DAY_MS));

/** Why the connection waits now, or null: it may send. */
export function holdFor(s: CampaignSettings, c: ConnectionFacts, now: Date, timeZone: string): Hold | null {
  if (c.restrictedUntil && Date.parse(c.restrictedUntil) > now.getTime()) {
    return { reason: "ERR_CAMPAIGN_ACCOUNT_RESTRICTED", until: new Date(c.restrictedUntil) };
  }
  const opens = windowOpens(s, now, timeZone);
  if (opens) return { reason: "ERR_CAMPAIGN_OUTSIDE_WINDOW", until: opens };
  const cap = dailyCapFor(s, ageDays(c.numberSince, now));
  const today = calendarDay(now, timeZone);
  if (cap !== null && c.day === today && c.daySends >= cap) {
    return { reason: "ERR_CAMPAIGN_DAILY_CAP", until: new Date(dayBounds(today, timeZone).end) };
  }
  return null;
}
