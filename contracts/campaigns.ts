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
}

export const CAMPAIGN_SETTINGS_DEFAULTS: CampaignSettings = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [],
};

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
export const CAMPAIGN_PAUSE_REASONS = ["ERR_WAPP_NOT_INITIALIZED", "ERR_CAMPAIGN_RATE_LIMITED", "ERR_CAMPAIGN_NO_CONNECTION", "ERR_CAMPAIGN_CHECK_LIMIT"] as const;

/** A campaign's progress: percent is settled (sent + failed + unknown) over the list's valid contacts. */
export interface CampaignProgress {
  valid: number;
  sent: number;
  delivered: number;
  failed: number;
  unknown: number;
  percent: number;
}
