// The menu of queues, for a connection with two or more: the greeting and one numbered
// line per queue; a number puts the ticket into that queue (and on into its options).
import { queueMenu } from "./render.ts";
import { enterQueue } from "./options.ts";
import type { Talk } from "./talk.ts";

export async function showQueues(talk: Talk, keepDeadline = false) {
  const { setup } = talk;
  await talk.toQueue(null);
  await talk.say(queueMenu(setup.greeting, setup.queues.map((q) => q.name)));
  await talk.remember({
    cursor: "queues",
    queueId: null,
    optionId: null,
    wakeAt: keepDeadline ? talk.state.wakeAt : talk.deadline(),
  });
}

export async function answerQueues(talk: Talk, text: string) {
  if (text === "#") return await showQueues(talk);
  const queue = /^\d+$/.test(text) ? talk.setup.queues[Number(text) - 1] : undefined;
  if (queue) return await enterQueue(talk, queue);
  await talk.wrongAnswer(() => showQueues(talk, true));
}
