// The menu of queues, for a connection with two or more: the greeting and one numbered
// line per queue; a number puts the ticket into that queue (and on into its options); any
// other answer gets a short "invalid option" line and the list again.
import { queueMenu } from "./render.ts";
import { text } from "../../i18n/texts.ts";
import { enterQueue } from "./options.ts";
import type { Talk } from "./talk.ts";

/** again: after an answer that chose nothing, a short line instead of the greeting, and the same deadline. */
export async function showQueues(talk: Talk, again = false) {
  const { setup } = talk;
  await talk.toQueue(null);
  const header = again ? text(talk.t.language, "menu.invalid") : setup.greeting;
  await talk.say(queueMenu(header, setup.queues.map((q) => q.name)));
  await talk.remember({
    cursor: "queues",
    queueId: null,
    optionId: null,
    wakeAt: again ? talk.state.wakeAt : talk.deadline(),
  });
}

export async function answerQueues(talk: Talk, text: string) {
  if (text === "#") return await showQueues(talk);
  const queue = /^\d+$/.test(text) ? talk.setup.queues[Number(text) - 1] : undefined;
  if (queue) return await enterQueue(talk, queue);
  await talk.wrongAnswer(() => showQueues(talk, true));
}
