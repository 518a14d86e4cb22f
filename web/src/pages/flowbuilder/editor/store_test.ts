// The editor's store: named actions change the document, undo and redo walk it back and
// forth, a drag is one step, history is capped, and the answer keys follow the questions.
import assert from "node:assert/strict";
import { START_ID } from "../../../../../contracts/flowGraph.ts";
import { emptyGraph } from "./graphActions.ts";
import { HISTORY_MAX } from "./history.ts";
import { actions, canRedo, canUndo, dirty, graph, history, selectedNodes } from "./store.ts";
import * as store from "./store.ts";

let next = 0;
store.useIds(() => `n${++next}`);

function fresh() {
  next = 0;
  actions.load(emptyGraph());
}

Deno.test("undo and redo walk the document back and forth; a new change clears redo", () => {
  fresh();
  const start = graph.value;
  const a = actions.addNode("message", { text: "oi" });
  actions.connect({ source: START_ID, sourceHandle: null, target: a });
  assert.equal(graph.value.edges.length, 1);
  actions.undo();
  assert.equal(graph.value.edges.length, 0);
  actions.undo();
  assert.equal(graph.value, start);
  assert.equal(canUndo.value, false);
  actions.redo();
  assert.equal(graph.value.nodes.length, 2);
  assert.equal(canRedo.value, true);
  actions.addNode("interval", { sec: 3 });
  assert.equal(canRedo.value, false);
});

Deno.test("a drag is one step back to where it began; a drag that moved nothing is none", () => {
  fresh();
  const before = graph.value;
  actions.dragStart();
  actions.dragMove(START_ID, { x: 10, y: 10 });
  actions.dragMove(START_ID, { x: 20, y: 30 });
  actions.dragEnd();
  assert.deepEqual(graph.value.nodes[0].position, { x: 20, y: 30 });
  assert.equal(history.value.past.length, 1);
  actions.undo();
  assert.equal(graph.value, before);
  actions.dragStart();
  actions.dragEnd();
  assert.equal(history.value.past.length, 0);
});

Deno.test("history keeps at most HISTORY_MAX steps", () => {
  fresh();
  for (let i = 0; i < HISTORY_MAX + 20; i++) actions.moveNode(START_ID, { x: i + 1, y: 0 });
  assert.equal(history.value.past.length, HISTORY_MAX);
});

Deno.test("delete selection removes the selected blocks and clears the selection; the start stays", () => {
  fresh();
  const a = actions.addNode("message", { text: "oi" });
  actions.select(new Set([a, START_ID]), new Set());
  actions.deleteSelection();
  assert.deepEqual(graph.value.nodes.map((n) => n.id), [START_ID]);
  assert.equal(selectedNodes.value.size, 0);
});

Deno.test("unsaved: a change makes the flow dirty, saving or undoing to the saved document does not", () => {
  fresh();
  assert.equal(dirty.value, false);
  actions.addNode("message", { text: "oi" });
  assert.equal(dirty.value, true);
  actions.undo();
  assert.equal(dirty.value, false);
  actions.redo();
  actions.markSaved(graph.value);
  assert.equal(dirty.value, false);
});

Deno.test("answer keys of question blocks are kept in the browser's 'variables' (old key out, new in)", () => {
  fresh();
  const q = actions.addNode("question", { message: "Seu nome?", answerKey: "nome" });
  assert.deepEqual(JSON.parse(localStorage.getItem("variables") ?? "[]"), ["nome"]);
  actions.updateData<"question">(q, { message: "Seu nome?", answerKey: "cliente" });
  assert.deepEqual(JSON.parse(localStorage.getItem("variables") ?? "[]"), ["cliente"]);
});
