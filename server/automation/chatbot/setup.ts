// What the menu bot reads of a company's configuration for one conversation: the
// connection's texts and limits, its queues in menu order, the settings that shape it.
import { asc, eq, sql } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import { queues, whatsappQueues, whatsapps } from "../../../db/tenant/schema.ts";
import { getSettings } from "../../modules/settings/service.ts";
import { prepared } from "../../tenancy/prepared.ts";

export interface MenuQueue {
  id: number;
  name: string;
  greetingMessage: string;
  outOfHoursMessage: string;
  schedules: unknown;
  /** The queue's AI agent (null: none): the menu hands the conversation to it. */
  promptId: number | null;
  /** The queue's integration (null: none): the menu hands the conversation to it. */
  integrationId: number | null;
}

export interface Setup {
  greeting: string;
  outOfHours: string;
  /** Answers that choose nothing before the bot gives up (0: no limit). */
  maxRounds: number;
  /** Minutes a menu waits for a choice (0: no limit). */
  minutes: number;
  queues: MenuQueue[];
  scheduleType: string;
  /** The connection's own week ([] when it follows the company's). */
  ownHours: unknown;
  oneQueueGreeting: boolean;
  timeZone: string;
  /** What the customer is told when the bot hands over ("": the server's text). */
  handoverMessage: string;
  /** The company's botHandoverWords: what a customer writes to be handed to people at once. */
  handoverWords: string;
}

export const queueFields = {
  id: queues.id,
  name: queues.name,
  greetingMessage: queues.greetingMessage,
  outOfHoursMessage: queues.outOfHoursMessage,
  schedules: queues.schedules,
  promptId: queues.promptId,
  integrationId: queues.integrationId,
};

/** null: the connection is gone. */
export async function loadSetup(t: Tenant, whatsappId: number): Promise<Setup | null> {
  const [w] = await t.db.select({
    greeting: whatsapps.greetingMessage,
    outOfHours: whatsapps.outOfHoursMessage,
    maxRounds: whatsapps.maxUseBotQueues,
    minutes: whatsapps.timeUseBotQueues,
    ownHours: whatsapps.schedules,
    handoverMessage: whatsapps.handoverMessage,
  }).from(whatsapps).where(eq(whatsapps.id, whatsappId));
  if (!w) return null;
  // The menu's order: orderQueue (unset ones last), then name.
  const list = await t.db.select(queueFields).from(whatsappQueues)
    .innerJoin(queues, eq(queues.id, whatsappQueues.queueId))
    .where(eq(whatsappQueues.whatsappId, whatsappId))
    .orderBy(sql`${queues.orderQueue} IS NULL`, asc(queues.orderQueue), asc(queues.name));
  const s = await getSettings(t.db, [
    "scheduleType",
    "sendGreetingMessageOneQueues",
    "timezone",
    "botHandoverWords",
  ]);
  return {
    ...w,
    queues: list,
    scheduleType: s.scheduleType,
    oneQueueGreeting: s.sendGreetingMessageOneQueues === "enabled",
    timeZone: s.timezone,
    handoverWords: s.botHandoverWords,
  };
}

/** A queue by id, wherever it is listed (null: deleted). */
export async function queueById(t: Tenant, id: number): Promise<MenuQueue | null> {
  const [q] = await t.db.select(queueFields).from(queues).where(eq(queues.id, id));
  return q ?? null;
}

/** Whether the connection has a menu to talk through (a queue or more): its conversations start held by the bot. */
export async function hasMenu(t: Tenant, whatsappId: number): Promise<boolean> {
  const rows = await prepared(
    t.db,
    "connectionHasQueue",
    (db) =>
      db.select({ q: whatsappQueues.queueId }).from(whatsappQueues)
        .where(eq(whatsappQueues.whatsappId, sql.placeholder("w"))).limit(1).prepare(),
  ).all({ w: whatsappId });
  return rows.length > 0;
}
