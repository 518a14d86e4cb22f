// Campaign words shared by the server and the web (seed 002 sections 4 and 9): the
// statuses, the settings' defaults and choices, the edit rule and the progress shape.
// Imported by relative path from both sides, so this file imports nothing.

export const CAMPAIGN_STATUSES = ["INATIVA", "PROGRAMADA", "EM_ANDAMENTO", "CANCELADA", "FINALIZADA"] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** message1 to message5: a send picks one of the filled ones at random. */
export const CAMPAIGN_VARIANTS = 5;

export interface CampaignVariable {
  key: string;
  value: string;
}

export interface CampaignSettings {
  /** Seconds: each gap is a random whole number of seconds below it (0: no gap). */
  messageInterval: number;
  /** After this many sends the next gap is greaterInterval (0: never). */
  longerIntervalAfter: number;
  /** Seconds. */
  greaterInterval: number;
  /** {key} placeholders filled in every variant; keys are unique. */
  variables: CampaignVariable[];
  /** Seconds: no two sends of a campaign closer than this, whatever the intervals say (0: no floor, not advised). */
  minGap: number;
  /** Sends a connection makes in a day once ramped up (0: no cap, not advised). */
  dailyCap: number;
  /** What a connection whose number is new may send its first day; the cap grows evenly to dailyCap. */
  dailyCapStart: number;
  /** Days the cap takes to grow from dailyCapStart to dailyCap (0: dailyCap from the first day). */
  dailyCapRampDays: number;
  /**
   * Wall-clock "HH:MM" in the company's time zone: sends only from windowStart until
   * windowEnd (equal: at any hour; an end before the start: across midnight).
   */
  windowStart: string;
  windowEnd: string;
  /** Shows the contact "typing…" before each text, for about as long as a person would type it. */
  typing: boolean;
}

/**
 * The pace and the guards a careful operator would choose (issue 19): a few seconds at
 * least between sends, a new number starting at 20 a day and growing over two weeks to 200
 * (community advice: 20-50 a day the first week; restrictions after 15-20 cold messages a
 * day on new numbers), business hours only.
 */
export const CAMPAIGN_SETTINGS_DEFAULTS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
  minGap: 5,
  dailyCap: 200,
  dailyCapStart: 20,
  dailyCapRampDays: 14,
  windowStart: "08:00",
  windowEnd: "20:00",
  typing: false,
};

/** The choices of minGap, in seconds. */
export const MIN_GAP_OPTIONS = [0, 2, 5, 10, 15, 30, 60] as const;
export const DAILY_CAP_MAX = 10_000;
export const DAILY_CAP_RAMP_DAYS_MAX = 60;
/** "HH:MM", 00:00 to 23:59. */
export const WALL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A connection's cap for a day when its number is `ageDays` old (whole days); null: no cap. */
export function dailyCapFor(s: Pick<CampaignSettings, "dailyCap" | "dailyCapStart" | "dailyCapRampDays">, ageDays: number): number | null {
  if (s.dailyCap <= 0) return null;
  const start = Math.min(s.dailyCapStart, s.dailyCap);
  if (s.dailyCapRampDays <= 0 || ageDays >= s.dailyCapRampDays) return s.dailyCap;
  return Math.floor(start + (s.dailyCap - start) * Math.max(0, ageDays) / s.dailyCapRampDays);
}

export const MESSAGE_INTERVAL_OPTIONS = [0, 5, 10, 15, 20] as const;
/** The choices of longerIntervalAfter and greaterInterval. */
export const LONGER_INTERVAL_OPTIONS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;

/** A PROGRAMADA campaign can be edited until this long before it starts. */
export const CAMPAIGN_EDIT_LOCK_MS = 60 * 60_000;

/** Editable: INATIVA, or PROGRAMADA more than an hour ahead. CANCELADA may be saved and restarted too. */
export function campaignEditable(c: { status: string; scheduledAt: string | null }, now: Date): boolean {
  if (c.status === "INATIVA" || c.status === "CANCELADA") return true;
  if (c.status !== "PROGRAMADA" || !c.scheduledAt) return false;
  return Date.parse(c.scheduledAt) - now.getTime() > CAMPAIGN_EDIT_LOCK_MS;
}

/** A shipping row: claimed before the send, settled after it; "unknown": the process stopped mid-send. */
export const SHIPPING_STATUSES = ["sending", "sent", "failed", "unknown"] as const;
export type ShippingStatus = (typeof SHIPPING_STATUSES)[number];

/** Why a running campaign waits (campaign.pauseReason), as error codes of the catalogue. */
export const CAMPAIGN_PAUSE_REASONS = [
  "ERR_WAPP_NOT_INITIALIZED",
  "ERR_CAMPAIGN_RATE_LIMITED",
  "ERR_CAMPAIGN_NO_CONNECTION",
  /** WhatsApp restricts the number's new chats (a 463 refusal, its reach-out time-lock, its new-chat quota spent). */
  "ERR_CAMPAIGN_ACCOUNT_RESTRICTED",
  "ERR_CAMPAIGN_DAILY_CAP",
  "ERR_CAMPAIGN_OUTSIDE_WINDOW",
  /** The connection asked WhatsApp for as many number checks as its hourly or daily cap allows. */
  "ERR_CAMPAIGN_CHECK_LIMIT",
] as const;

/** A campaign's progress: percent is settled (sent + failed + unknown) over the list's valid contacts. */
export interface CampaignProgress {
  valid: number;
  sent: number;
  delivered: number;
  failed: number;
  unknown: number;
  percent: number;
}
