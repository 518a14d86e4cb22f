/**
 * Testar's run, followed through the company's flowRun events (contracts/realtime.ts): the
 * block it is on, or how it ended. The first blocks are walked before POST /test answers
 * with the run's id, so the flow's events are kept until then and the run's last one wins.
 */
import { signal } from "@preact/signals-react";
import type { FlowRunEvent } from "../../../../../contracts/realtime.ts";

export interface Followed {
  flowId: number;
  /** null: the test was asked for, its id not known yet. */
  runId: number | null;
  /** The flow's events heard while the id was unknown (bounded). */
  early: FlowRunEvent[];
  /** Where the run stands. */
  at: FlowRunEvent | null;
}

const EARLY_MAX = 100;

/** The run under test (null: no test). The canvas highlights its block. */
export const testRun = signal<Followed | null>(null);

/** A test of the flow was asked for. */
export const asked = (flowId: number): Followed => ({ flowId, runId: null, early: [], at: null });

/** The server answered with the run's id: what it already did is known. */
export function started(followed: Followed, runId: number): Followed {
  const at = followed.early.findLast((e) => e.runId === runId) ?? followed.at;
  return { ...followed, runId, early: [], at };
}

/** One flowRun event: the run under test moves; another run's (a customer's, an older test) is ignored. */
export function heard(followed: Followed, data: unknown): Followed {
  const event = asRunEvent(data);
  if (!event || event.flowId !== followed.flowId) return followed;
  if (followed.runId === null) {
    return { ...followed, early: [...followed.early, event].slice(-EARLY_MAX) };
  }
  return event.runId === followed.runId ? { ...followed, at: event } : followed;
}

const STATUSES: ReadonlySet<string> = new Set(["running", "done", "stopped", "failed"]);

function asRunEvent(data: unknown): FlowRunEvent | null {
  const e = data as Partial<FlowRunEvent> | null;
  if (!e || typeof e !== "object") return null;
  const ok = typeof e.runId === "number" && typeof e.flowId === "number" &&
    typeof e.ticketId === "number" && typeof e.node === "string" &&
    typeof e.status === "string" && STATUSES.has(e.status);
  return ok ? e as FlowRunEvent : null;
}
