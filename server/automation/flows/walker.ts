// The walker: from where the run stands, block after block, until one waits (a menu, a
// question, an interval), hands the conversation to an AI agent (an OpenAI block), or the
// run ends. Each block's plan is saved before its effects
// run: the run never stands before a block that already spoke, so a restart (kill -9
// included) sends nothing twice; a block cut short between the two is not run again (at
// most once). A chain of blocks that do not wait is bounded (MAX_STEPS), so a graph that
// loops without waiting fails instead of spinning.
import { nextEdge, nodeById, type NodeType } from "../../../contracts/flowGraph.ts";
import { pendingAt } from "./cursor.ts";
import type { FlowTurn } from "./turn.ts";
import type { AnyBlock, Visit } from "./blocks/block.ts";
import { audio, content, img, message, start, video } from "./blocks/say.ts";
import { menu, question } from "./blocks/ask.ts";
import { interval } from "./blocks/wait.ts";
import { condition, randomizer } from "./blocks/branch.ts";
import { openai, ticket, typebot } from "./blocks/handoff.ts";
import { log } from "../../log.ts";

const BLOCKS: Record<NodeType, AnyBlock> = {
  start,
  message,
  menu,
  question,
  interval,
  img,
  audio,
  video,
  content,
  condition,
  randomizer,
  ticket,
  typebot,
  openai,
} as Record<NodeType, AnyBlock>;

/** Blocks one turn may run before the run is taken as broken. */
export const MAX_STEPS = 100;

export const ENTER: Visit = { kind: "enter", element: 0 };

export async function walk(turn: FlowTurn, from: string, first: Visit) {
  let nodeId = from;
  let visit = first;
  for (let steps = 0; !turn.over; steps++) {
    if (steps >= MAX_STEPS) return await fail(turn, nodeId, "?", "tooManySteps");
    const node = nodeById(turn.graph, nodeId);
    const block = node && BLOCKS[node.type];
    if (!node || !block) return await fail(turn, nodeId, node?.type ?? "?", "nodeMissing");
    turn.announce(node.id, "running");
    const began = performance.now();
    const step = await block(turn, node, visit);
    const { plan } = step;
    if (plan.kind === "ignore") return;
    let next: string | null = null;
    let ended = false;
    if (plan.kind === "go") {
      const edge = nextEdge(turn.graph, node.id, plan.handle);
      if (edge) {
        next = edge.target;
        const saved = await turn.remember({
          rounds: 0,
          ...plan.patch,
          cursor: pendingAt(edge.target),
          wakeAt: turn.watchdog(),
        });
        if (!saved) return;
      } else {
        // An output left unwired: the flow ends here (what it collected is kept first).
        if (plan.patch && !await turn.remember(plan.patch)) return;
        if (!(ended = await turn.end("done", "end", node.id))) return;
      }
    } else if (plan.kind === "next") {
      if (
        !await turn.remember({ cursor: pendingAt(node.id, plan.element), wakeAt: turn.watchdog() })
      ) return;
      next = node.id;
      visit = { kind: "enter", element: plan.element };
    } else if (plan.kind === "agent") {
      if (!await turn.toAgent(node.id)) return;
    } else if (plan.kind === "integration") {
      if (!await turn.toIntegration(node.id)) return;
    } else if (plan.kind === "wait") {
      if (!await turn.remember({ ...plan.patch, cursor: plan.cursor, wakeAt: plan.wakeAt })) return;
    } else if (!(ended = await turn.end(plan.status, plan.reason, node.id))) return;

    let error = step.error ?? null;
    try {
      await step.act?.();
    } catch (err) {
      error = err instanceof Error
        ? `${(err as { code?: string }).code ?? err.name}: ${err.message}`
        : String(err);
    }
    turn.log({
      node: node.id,
      nodeType: node.type,
      input: step.input,
      output: step.output,
      error,
      ms: performance.now() - began,
    });
    if (step.note && !error) turn.note(...step.note);
    if (error && !ended) {
      log.warn("flows: a block failed, the conversation goes to people", {
        companyId: turn.t.companyId,
        ticketId: turn.ticket.id,
        node: node.id,
        error,
      });
      await turn.end("failed", "blockFailed", node.id);
      ended = true;
    }
    if (ended) return await turn.release();
    if (next === null) return;
    if (next !== node.id) visit = ENTER;
    nodeId = next;
  }
}

/** The run cannot go on (a block missing from its version, a loop without a wait): logged, failed, handed to people. */
async function fail(turn: FlowTurn, nodeId: string, nodeType: string, reason: string) {
  log.warn("flows: the run cannot go on, the conversation goes to people", {
    companyId: turn.t.companyId,
    ticketId: turn.ticket.id,
    node: nodeId,
    reason,
  });
  turn.log({ node: nodeId, nodeType, error: reason, ms: 0 });
  if (await turn.end("failed", reason, nodeId)) await turn.release();
}
