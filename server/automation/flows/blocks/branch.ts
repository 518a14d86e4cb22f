// Blocks that choose an output without saying anything: the condition (a variable, a
// contact field, a tag or business hours, compared) and the randomizer.
import {
  CONDITION_FALSE,
  CONDITION_TRUE,
  type ConditionOp,
} from "../../../../contracts/flowGraph.ts";
import { eq } from "drizzle-orm";
import { whatsapps } from "../../../../db/tenant/schema.ts";
import { getSettings } from "../../../modules/settings/service.ts";
import { connectionWeek, isOpen } from "../../hours.ts";
import { folded } from "../../chatbot/handover.ts";
import { chooseBranch } from "../chooser.ts";
import { text } from "../../../i18n/texts.ts";
import type { FlowTurn } from "../turn.ts";
import { type Block, entering, IGNORE } from "./block.ts";

export const randomizer: Block<"randomizer"> = (turn, node, visit) => {
  if (!entering(visit)) return IGNORE;
  const handle = chooseBranch(node.data.percent, turn.doors.options.random);
  return {
    plan: { kind: "go", handle },
    output: handle,
    note: ["flow.note.random", { branch: handle.toUpperCase() }],
  };
};

export const condition: Block<"condition"> = async (turn, node, visit) => {
  if (!entering(visit)) return IGNORE;
  const { subject, key, op, value } = node.data;
  const yes = subject === "hours"
    ? await openNow(turn) === !/^(closed|false|fechado|cerrado|0)$/i.test(value.trim())
    : subject === "tag"
    ? hasTag(turn, op, key, value)
    : compare(await subjectValue(turn, subject, key), op, value);
  const handle = yes ? CONDITION_TRUE : CONDITION_FALSE;
  return {
    plan: { kind: "go", handle },
    input: `${subject}:${key} ${op} ${value}`,
    output: handle,
    note: ["flow.note.condition", {
      result: text(turn.t.language, yes ? "flow.note.true" : "flow.note.false"),
    }],
  };
};

async function subjectValue(
  turn: FlowTurn,
  subject: "variable" | "field",
  key: string,
): Promise<string> {
  if (subject === "variable") return turn.state.answers[key] ?? "";
  const c = turn.ticket.contact;
  const own: Record<string, string> = { name: c.name, number: c.number, email: c.email };
  if (key in own) return own[key];
  const values = await turn.values("{");
  return values[key] ?? "";
}

/** Equals and contains ignore case and accents; greater and less compare numbers when both are. */
export function compare(actual: string, op: ConditionOp, expected: string): boolean {
  switch (op) {
    case "exists":
      return actual.trim() !== "";
    case "equals":
      return folded(actual) === folded(expected);
    case "contains":
      return folded(expected) !== "" && folded(actual).includes(folded(expected));
    case "greater":
    case "less": {
      const a = Number(actual.replace(",", ".")), b = Number(expected.replace(",", "."));
      const both = actual.trim() !== "" && expected.trim() !== "" && Number.isFinite(a) &&
        Number.isFinite(b);
      const order = both ? a - b : actual.localeCompare(expected);
      return op === "greater" ? order > 0 : order < 0;
    }
  }
}

/** A tag of the ticket: by name (key, or the value compared), case and accents aside. */
function hasTag(turn: FlowTurn, op: ConditionOp, key: string, value: string): boolean {
  const names = turn.ticket.tags.map((t) => t.name);
  const wanted = op === "exists" ? (key || value) : value || key;
  if (op === "exists" && !wanted.trim()) return names.length > 0;
  return names.some((n) => compare(n, op === "exists" ? "equals" : op, wanted));
}

/** The connection's business hours (its own week, else the company's), now, in the company's time zone. */
async function openNow(turn: FlowTurn): Promise<boolean> {
  const [w] = await turn.t.db.select({ own: whatsapps.schedules }).from(whatsapps)
    .where(eq(whatsapps.id, turn.ticket.whatsappId ?? 0));
  const week = await connectionWeek(turn.doors.control, turn.t.companyId, w?.own);
  const { timezone } = await getSettings(turn.t.db, ["timezone"]);
  return isOpen(week, turn.now, timezone);
}
