/** The campaign form, its list's live events and the row's actions (seed 002 sections 3-5, 9). */
import type { Campaign, CampaignInput } from "../../api/campaigns.ts";
import {
  CAMPAIGN_VARIANTS,
  type CampaignStatus,
  campaignEditable,
} from "../../../../contracts/campaigns.ts";
import { applyLiveEvent, type LiveEvent, readLiveEvent } from "../../lib/liveList.ts";
import { collect, type Issues } from "../../lib/validation.ts";
import { fromLocalParts, toLocalParts } from "../schedules/scheduleForm.ts";

export const NAME_MIN = 2;
export const NAME_MAX = 50;

export type CampaignField =
  | "name"
  | "whatsappId"
  | "contactListId"
  | "scheduledAt"
  | "message1"
  | "message2"
  | "message3"
  | "message4"
  | "message5";

/** Select values are ids as text; "" is none. */
export interface CampaignValues {
  name: string;
  messages: string[];
  whatsappId: string;
  contactListId: string;
  tagId: string;
  fileListId: string;
  /** The queue the answers go to; "": the connection's behaviour. */
  queueId: string;
  /** YYYY-MM-DD and HH:mm in the browser's time zone; both empty: not scheduled. */
  date: string;
  time: string;
}

const idText = (id: number | null | undefined) => (id ? String(id) : "");
const idOf = (text: string) => (text ? Number(text) : null);

export const variantKeys = (["message1", "message2", "message3", "message4", "message5"] as const)
  .slice(0, CAMPAIGN_VARIANTS);

export function campaignValues(campaign: Campaign | null): CampaignValues {
  const at = campaign?.scheduledAt ? new Date(campaign.scheduledAt) : null;
  const parts = at && !Number.isNaN(at.getTime()) ? toLocalParts(at) : { date: "", time: "" };
  return {
    name: campaign?.name ?? "",
    messages: variantKeys.map((key) => campaign?.[key] ?? ""),
    whatsappId: idText(campaign?.whatsappId),
    contactListId: idText(campaign?.contactListId),
    tagId: idText(campaign?.tagId),
    fileListId: idText(campaign?.fileListId),
    queueId: idText(campaign?.queueId),
    ...parts,
  };
}

/**
 * Name 2 to 50; a connection; a list or a tag; at least one message; the schedule either
 * empty or a whole moment (date and time) in the future, unless it is the one already saved.
 */
export function validateCampaign(
  values: CampaignValues,
  now = new Date(),
  savedScheduledAt: string | null = null,
): Issues<CampaignField> {
  const name = values.name.trim();
  const moment = fromLocalParts(values.date, values.time);
  const unchanged = savedScheduledAt !== null && moment !== null &&
    Math.abs(moment.getTime() - Date.parse(savedScheduledAt)) < 60_000;
  const noMessage = values.messages.every((m) => !m.trim());
  return collect<CampaignField>({
    name: !name
      ? { key: "validation.required" }
      : name.length < NAME_MIN
      ? { key: "campaigns.dialog.tooShort" }
      : name.length > NAME_MAX
      ? { key: "validation.tooLong", params: { max: NAME_MAX } }
      : null,
    whatsappId: values.whatsappId ? null : { key: "validation.required" },
    contactListId: values.contactListId || values.tagId
      ? null
      : { key: "campaigns.dialog.audienceRequired" },
    scheduledAt: !values.date && !values.time
      ? null
      : !moment
      ? { key: "validation.invalidDate" }
      : !unchanged && moment.getTime() <= now.getTime()
      ? { key: "campaigns.dialog.pastDate" }
      : null,
    message1: noMessage ? { key: "campaigns.dialog.messageRequired" } : null,
    message2: null,
    message3: null,
    message4: null,
    message5: null,
  });
}

/** The request body; call once validateCampaign passed. */
export function toCampaignInput(values: CampaignValues): CampaignInput {
  const moment = fromLocalParts(values.date, values.time);
  const [message1, message2, message3, message4, message5] = values.messages;
  return {
    name: values.name.trim(),
    message1,
    message2,
    message3,
    message4,
    message5,
    whatsappId: idOf(values.whatsappId),
    contactListId: idOf(values.contactListId),
    tagId: idOf(values.tagId),
    fileListId: idOf(values.fileListId),
    queueId: idOf(values.queueId),
    scheduledAt: moment ? moment.toISOString() : null,
  };
}

/** How the dialog treats a campaign: new, editable, canceled (save and restart), or read-only. */
export function dialogMode(
  campaign: Pick<Campaign, "status" | "scheduledAt"> | null,
  now = new Date(),
): "new" | "edit" | "canceled" | "readOnly" {
  if (!campaign) return "new";
  if (campaign.status === "CANCELADA") return "canceled";
  return campaignEditable(campaign, now) ? "edit" : "readOnly";
}

/** The row's state-changing action: stop while it runs or waits, restart when canceled, start when inactive. */
export function rowAction(status: CampaignStatus): "stop" | "restart" | "start" | null {
  if (status === "EM_ANDAMENTO" || status === "PROGRAMADA") return "stop";
  if (status === "CANCELADA") return "restart";
  if (status === "INATIVA") return "start";
  return null;
}

export type CampaignEvent = LiveEvent<Campaign>;

export function asCampaignEvent(data: unknown): CampaignEvent | null {
  return readLiveEvent(data, { record: "record", id: "id" }, isCampaign);
}

/** The list is newest first (by id), filtered by name. */
export function applyCampaignEvent(
  items: readonly Campaign[],
  event: CampaignEvent,
  state: { search: string; hasMore: boolean },
): Campaign[] {
  const term = state.search.trim().toLocaleLowerCase();
  return applyLiveEvent(items, event, {
    matches: (c) => !term || c.name.toLocaleLowerCase().includes(term),
    compare: (a, b) => b.id - a.id,
    hasMore: state.hasMore,
  });
}

/** The report reloads itself 5 s after the server says the campaign finished (seed 002 section 4). */
export const FINISHED_RELOAD_MS = 5_000;

export function isFinishedUpdate(event: CampaignEvent | null, campaignId: number): boolean {
  return event?.action === "update" && event.record.id === campaignId &&
    event.record.status === "FINALIZADA";
}

function isCampaign(value: unknown): value is Campaign {
  const v = value as Record<string, unknown> | null;
  return typeof v === "object" && v !== null && typeof v.id === "number" &&
    typeof v.name === "string" && typeof v.status === "string" &&
    typeof v.progress === "object" && v.progress !== null;
}
