// The start of a conversation (a new ticket, or one back from closed): the company's
// hours, or the connection's own ones when it has them (scheduleType "company"), then by the connection's queues: none, the greeting;
// one, straight into it (the greeting first with sendGreetingMessageOneQueues); more, the
// menu of queues. '#' starts again the same way, without the greeting of a single queue.
import { connectionWeek, isOpen } from "../hours.ts";
import { showQueues } from "./menu.ts";
import { enterQueue } from "./options.ts";
import type { Talk } from "./talk.ts";

export async function begin(talk: Talk) {
  const { setup } = talk;
  if (setup.scheduleType === "company") {
    const week = await connectionWeek(talk.doors.control, talk.t.companyId, setup.ownHours);
    if (!isOpen(week, talk.now, setup.timeZone)) return await talk.closed(setup.outOfHours);
  }
  if (!setup.queues.length) {
    // Neither queues nor greeting: a company that answers by hand; nothing to warn about.
    if (!setup.greeting.trim()) return await talk.stop("noBot");
    await talk.say(setup.greeting);
    return await talk.stop("noQueues");
  }
  if (setup.queues.length === 1 && setup.oneQueueGreeting) await talk.say(setup.greeting);
  await restart(talk);
}

export async function restart(talk: Talk) {
  const { queues } = talk.setup;
  if (queues.length > 1) return await showQueues(talk);
  if (queues.length === 1) return await enterQueue(talk, queues[0]);
  await talk.misconfigured("noQueues");
}
