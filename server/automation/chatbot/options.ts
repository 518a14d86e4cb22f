// A queue's option tree (table queue_options): each level a numbered menu; a number goes
// down into that option (its message, then its own options), '0' goes up a level, '#'
// back to the start; an option without options is a leaf: its message is the answer and
// the ticket waits in the queue for a person.
import { and, asc, eq, isNull, ne } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import { queueOptions } from "../../../db/tenant/schema.ts";
import { isOpen } from "../hours.ts";
import { weekOf } from "../../modules/companies/weekly-hours.ts";
import { optionMenu } from "./render.ts";
import { text } from "../../i18n/texts.ts";
import { type MenuQueue, queueById } from "./setup.ts";
import type { Talk } from "./talk.ts";

type OptionRow = typeof queueOptions.$inferSelect;

// An untitled option is a draft the spec's client saved ("Título não definido"): the
// customer is never offered it.
const levelOf = (t: Tenant, queueId: number, parentId: number | null) =>
  t.db.select().from(queueOptions).where(and(
    eq(queueOptions.queueId, queueId),
    ne(queueOptions.title, ""),
    parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId),
  )).orderBy(asc(queueOptions.option));

async function optionById(t: Tenant, id: number): Promise<OptionRow | null> {
  const [o] = await t.db.select().from(queueOptions).where(eq(queueOptions.id, id));
  return o ?? null;
}

/** The ticket goes into the queue; its hours (scheduleType "queue"), then its menu or its greeting. */
export async function enterQueue(talk: Talk, queue: MenuQueue) {
  await talk.toQueue(queue.id);
  await talk.remember({ queueId: queue.id, optionId: null });
  const { setup, now } = talk;
  if (setup.scheduleType === "queue" && !isOpen(weekOf(queue.schedules), now, setup.timeZone)) {
    return await talk.closed(queue.outOfHoursMessage);
  }
  // A queue with an agent: its greeting (if any), then the agent talks (agents/program.ts);
  // without a greeting, the agent speaks first.
  if (queue.promptId !== null) {
    await talk.say(queue.greetingMessage);
    return await talk.toAgent(!queue.greetingMessage.trim());
  }
  // A queue with an integration: its greeting (if any), then the integration talks
  // (integrations/program.ts), from the customer's next message (Typebot and flows at once).
  if (queue.integrationId !== null) {
    await talk.say(queue.greetingMessage);
    return await talk.toIntegration();
  }
  const top = await levelOf(talk.t, queue.id, null);
  if (!top.length) {
    await talk.say(queue.greetingMessage);
    return await talk.stop("queued");
  }
  await showLevel(talk, queue, null, top);
}

/** Shows the options under `at` (null: the queue's top level); with none, `at` was a leaf. */
async function showLevel(
  talk: Talk,
  queue: MenuQueue,
  at: OptionRow | null,
  options: OptionRow[],
  again = false,
) {
  if (!options.length) {
    if (!at) return await talk.misconfigured("emptyMenu");
    await talk.say(at.message);
    return await talk.stop("leaf");
  }
  // Again after an answer that chose nothing: a short line instead of the level's message.
  const header = again
    ? text(talk.t.language, "menu.invalid")
    : at
    ? at.message
    : queue.greetingMessage;
  await talk.say(optionMenu(header, options, talk.t.language, at === null));
  await talk.remember({
    cursor: "options",
    queueId: queue.id,
    optionId: at?.id ?? null,
    wakeAt: again ? talk.state.wakeAt : talk.deadline(),
  });
}

/** An answer inside the tree; "restart": the customer asked for the start ('#'). */
export async function answerOptions(talk: Talk, text: string): Promise<"restart" | void> {
  if (text === "#") return "restart";
  const { t, state } = talk;
  const queue = state.queueId === null ? null : await queueById(t, state.queueId);
  if (!queue) return await talk.misconfigured("queueGone");
  const at = state.optionId === null ? null : await optionById(t, state.optionId);
  if (state.optionId !== null && !at) return await talk.misconfigured("optionGone");
  const here = await levelOf(t, queue.id, at?.id ?? null);

  if (text === "0" && at) {
    const up = at.parentId === null ? null : await optionById(t, at.parentId);
    if (at.parentId !== null && !up) return await talk.misconfigured("optionGone");
    return await showLevel(talk, queue, up, await levelOf(t, queue.id, up?.id ?? null));
  }
  const chosen = /^\d+$/.test(text) ? here.find((o) => o.option === Number(text)) : undefined;
  if (chosen) return await showLevel(talk, queue, chosen, await levelOf(t, queue.id, chosen.id));
  await talk.wrongAnswer(() => showLevel(talk, queue, at, here, true));
}
