// Blocks that wait for the customer: the menu (numbered options, answered by number or by
// text; a wrong answer repeats it with a short notice) and the question (the reply stored
// under its key, typed answers checked, an optional no-reply wait). After MAX_ROUNDS answers
// that do not fit, the run ends and the conversation waits for a person.
import { ANSWERED, menuHandle, NO_REPLY } from "../../../../contracts/flowGraph.ts";
import { text } from "../../../i18n/texts.ts";
import { chosenOption, menuText, typedAnswer } from "../answers.ts";
import type { FlowTurn } from "../turn.ts";
import { type Block, IGNORE, type Step } from "./block.ts";

/** Answers that fit nothing before the conversation goes to people. */
export const MAX_ROUNDS = 3;

export const menu: Block<"menu"> = (turn, node, visit) => {
  const { message, options } = node.data;
  if (visit.kind === "enter") {
    const body = menuText(message, options);
    return {
      plan: { kind: "wait", cursor: node.id, wakeAt: null, patch: { rounds: 0 } },
      act: () => turn.say(body),
      output: body,
    };
  }
  if (visit.kind !== "reply") return IGNORE;
  const chosen = chosenOption(visit.text, options);
  if (chosen) {
    const option = `[${chosen.number}] ${chosen.value}`;
    return {
      plan: { kind: "go", handle: menuHandle(chosen.number) },
      input: visit.text,
      output: option,
      note: ["flow.note.chose", { option }],
    };
  }
  return wrong(
    turn,
    node.id,
    visit.text,
    () => turn.say(menuText(text(turn.t.language, "flow.invalid"), options)),
  );
};

export const question: Block<"question"> = (turn, node, visit) => {
  const { message, answerKey, answerType, retryMessage, noReplyAfter } = node.data;
  if (visit.kind === "enter") {
    return {
      plan: {
        kind: "wait",
        cursor: node.id,
        wakeAt: noReplyAfter ? turn.after(noReplyAfter) : null,
        patch: { rounds: 0 },
      },
      act: () => turn.say(message),
      output: message,
    };
  }
  if (visit.kind === "wake") return { plan: { kind: "go", handle: NO_REPLY }, input: "noReply" };
  const value = typedAnswer(visit.text, answerType);
  if (value !== null) {
    return {
      plan: {
        kind: "go",
        handle: ANSWERED,
        patch: { answers: { ...turn.state.answers, [answerKey]: value } },
      },
      input: visit.text,
      output: `${answerKey}=${value}`,
      note: ["flow.note.answer", { key: answerKey, value }],
    };
  }
  const retry = retryMessage?.trim() || text(turn.t.language, `flow.retry.${answerType ?? "text"}`);
  return wrong(turn, node.id, visit.text, () => turn.say(retry));
};

/** One more answer that fits nothing: again (the question keeps its no-reply time), or people take over. */
function wrong(turn: FlowTurn, nodeId: string, reply: string, again: () => Promise<void>): Step {
  const rounds = turn.state.rounds + 1;
  if (rounds >= MAX_ROUNDS) {
    return {
      plan: { kind: "end", status: "stopped", reason: "roundsLimit" },
      act: () => turn.handoverMessage(),
      input: reply,
      output: "roundsLimit",
    };
  }
  return {
    plan: { kind: "wait", cursor: nodeId, wakeAt: turn.state.wakeAt, patch: { rounds } },
    act: again,
    input: reply,
    output: `wrong ${rounds}`,
  };
}
