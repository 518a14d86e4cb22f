// A Typebot integration at work: one session per conversation (kept in the ticket's state),
// started with the contact's variables and continued with each customer message (a choice's
// number or words become its text); the bubbles go out in order with typebotDelayMessage
// between them and the bot's waits honoured; the finish and restart keywords (whole message,
// case and accents aside), typebotExpires minutes of silence starting a new session, and the
// original's handover commands.
import { customFieldsOf } from "../../modules/contacts/service.ts";
import {
  continueChat,
  startChat,
  type TypebotAnswer,
  TypebotError,
  type TypebotServer,
} from "../../integrations/typebot/client.ts";
import {
  matchChoice,
  readTurn,
  type Turn,
  type TurnInput,
} from "../../integrations/typebot/turn.ts";
import { prefilledVariables } from "../../integrations/typebot/variables.ts";
import { fetchMedia } from "../../integrations/media_fetch.ts";
import { folded } from "../chatbot/handover.ts";
import type { Conversation, Outcome } from "./conversation.ts";

/** Pausing waits followed by a re-request, at most, in one answer (a bot looping on waits stops here). */
const MAX_RESUMES = 5;

export async function typebotTurn(c: Conversation): Promise<Outcome> {
  const i = c.integration;
  const server: TypebotServer = { url: i.urlN8N, addresses: c.addresses };
  if (c.speakFirst && !c.memory.session) {
    const outcome = await answer(c, await start(c, server));
    if (outcome) return outcome;
  }
  for (const m of c.pending) {
    const said = m.body.trim();
    if (i.typebotKeywordFinish.trim() && folded(said) === folded(i.typebotKeywordFinish)) {
      await c.handed(m.id);
      return { kind: "close", reason: "finishWord" };
    }
    if (i.typebotKeywordRestart.trim() && folded(said) === folded(i.typebotKeywordRestart)) {
      await c.remember({ session: undefined, input: undefined, lastAt: undefined });
      await c.handed(m.id);
      if (i.typebotRestartMessage.trim()) await c.say(i.typebotRestartMessage.trim());
      continue;
    }
    const next = await reply(c, server, said);
    await c.handed(m.id);
    const outcome = await answer(c, next);
    if (outcome) return outcome;
  }
  return { kind: "answered" };
}

/** A new session; its first answer. */
async function start(c: Conversation, server: TypebotServer): Promise<TypebotAnswer> {
  const fields = await customFieldsOf(c.t, c.ticket.contactId);
  const contact = c.ticket.contact;
  const started = await startChat(server, c.integration.typebotSlug, {
    prefilledVariables: prefilledVariables({
      number: contact.number,
      name: contact.name,
      customFields: fields,
    }),
  });
  await c.remember({ session: started.sessionId, input: undefined, lastAt: c.now().toISOString() });
  return started;
}

/** The customer's words to the session (a new one when there is none, it expired or Typebot forgot it). */
async function reply(c: Conversation, server: TypebotServer, said: string): Promise<TypebotAnswer> {
  const { session, lastAt, input } = c.memory;
  const minutes = c.integration.typebotExpires;
  const expired = !!lastAt && minutes > 0 &&
    c.now().getTime() - Date.parse(lastAt) > minutes * 60_000;
  if (!session || expired) return await start(c, server);
  const asked: TurnInput | null = input ? JSON.parse(input) : null;
  const text = asked ? matchChoice(asked, said) ?? said : said;
  try {
    const next = await continueChat(server, session, text);
    await c.remember({ lastAt: c.now().toISOString() });
    return next;
  } catch (err) {
    if (err instanceof TypebotError && err.kind === "sessionNotFound") {
      return await start(c, server);
    }
    throw err;
  }
}

/** Sends what the bot answered (and what its pausing waits bring); an outcome ends the turn. */
async function answer(c: Conversation, first: TypebotAnswer): Promise<Outcome | null> {
  const i = c.integration;
  const server: TypebotServer = { url: i.urlN8N, addresses: c.addresses };
  let turn = readTurn(first, {
    delayMessageMs: i.typebotDelayMessage,
    unknownMessage: i.typebotUnknownMessage,
  });
  for (let resumes = 0;; resumes++) {
    await send(c, turn);
    if (turn.handover) {
      const stop = turn.handover.queueId === null && turn.handover.userId === null;
      return { kind: "handover", reason: stop ? "stopBot" : "command", command: turn.handover };
    }
    if (!turn.continueAfterWait || resumes >= MAX_RESUMES || !c.memory.session) break;
    await c.pause(turn.waitAfterMs);
    const more = await continueChat(server, c.memory.session, null);
    turn = readTurn(more, {
      delayMessageMs: i.typebotDelayMessage,
      unknownMessage: i.typebotUnknownMessage,
    });
  }
  // The bot's flow is over: the customer's next message starts it again.
  if (turn.ended) await c.remember({ session: undefined, input: undefined });
  else await c.remember({ input: turn.input ? JSON.stringify(turn.input) : undefined });
  return null;
}

async function send(c: Conversation, turn: Turn) {
  for (const [n, item] of turn.items.entries()) {
    const wait = item.waitMs + (n > 0 ? turn.betweenMs : 0);
    if (wait > 0) await c.pause(wait);
    if (item.kind === "text") {
      await c.say(item.text);
      continue;
    }
    const file = await fetchMedia(item.url, item.media, c.addresses);
    // A file that cannot be had goes as its link: the customer can still open it.
    if (file) await c.sendFile(file);
    else await c.say(item.url);
  }
}
