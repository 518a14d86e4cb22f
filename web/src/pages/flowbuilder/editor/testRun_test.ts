// Testar's run followed through the flowRun events (run with `deno test web/src`).
import assert from "node:assert/strict";
import type { FlowRunEvent } from "../../../../../contracts/realtime.ts";
import { asked, heard, started } from "./testRun.ts";

const at = (
  runId: number,
  node: string,
  status: FlowRunEvent["status"] = "running",
  flowId = 7,
) => ({
  runId,
  flowId,
  ticketId: 3,
  node,
  status,
});

Deno.test("testRun: the blocks walked before the run's id is known are not lost", () => {
  let f = asked(7);
  f = heard(f, at(40, "1"));
  f = heard(f, at(41, "1"));
  f = heard(f, at(41, "menu"));
  f = heard(f, at(40, "x"));
  f = started(f, 41);
  assert.deepEqual(f.at, at(41, "menu"));
  assert.deepEqual(f.early, []);
});

Deno.test("testRun: only the run under test moves the highlight, to its end", () => {
  let f = started(asked(7), 41);
  assert.equal(f.at, null);
  f = heard(f, at(41, "menu"));
  f = heard(f, at(99, "other"));
  f = heard(f, at(41, "zzz", "running", 8));
  f = heard(f, { runId: 41, node: "bad" });
  assert.deepEqual(f.at, at(41, "menu"));
  f = heard(f, at(41, "b", "done"));
  assert.deepEqual(f.at, at(41, "b", "done"));
});
