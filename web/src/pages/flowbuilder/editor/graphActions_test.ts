import assert from "node:assert/strict";
import { START_ID } from "../../../../../contracts/flowGraph.ts";
import {
  addNode,
  BLOCK_WIDTH,
  connect,
  deleteSelection,
  duplicateNode,
  edgeId,
  emptyGraph,
  moveNode,
  setEnd,
  updateData,
} from "./graphActions.ts";

const message = (text: string) => ({ text });

Deno.test("a new block sits 40 right of the last block's right edge, at its height", () => {
  let g = emptyGraph();
  g = moveNode(g, START_ID, { x: 100, y: 70 });
  g = addNode(g, "message", message("oi"), "m1");
  assert.deepEqual(g.nodes.at(-1)?.position, { x: 100 + BLOCK_WIDTH + 40, y: 70 });
  g = addNode(g, "interval", { sec: 5 }, "i1");
  assert.deepEqual(g.nodes.at(-1)?.position, { x: 100 + 2 * (BLOCK_WIDTH + 40), y: 70 });
});

Deno.test("a start block replaces the start: one start, id 1, its wires kept", () => {
  let g = addNode(emptyGraph(), "message", message("oi"), "m1");
  g = connect(g, { source: START_ID, sourceHandle: null, target: "m1" });
  g = addNode(g, "start", {}, "ignored");
  assert.equal(g.nodes.filter((n) => n.type === "start").length, 1);
  assert.equal(g.nodes.find((n) => n.type === "start")?.id, START_ID);
  assert.equal(g.edges.length, 1);
});

Deno.test("duplicate: a copy 240 right of the rightmost block, unwired; the start is not copied", () => {
  let g = addNode(emptyGraph(), "message", message("oi"), "m1");
  g = moveNode(g, "m1", { x: 600, y: 40 });
  g = moveNode(g, START_ID, { x: 0, y: 300 });
  g = connect(g, { source: START_ID, sourceHandle: null, target: "m1" });
  g = duplicateNode(g, START_ID, "x");
  assert.equal(g.nodes.length, 2);
  g = duplicateNode(g, "m1", "m2");
  const copy = g.nodes.find((n) => n.id === "m2");
  assert.deepEqual(copy?.position, { x: 840, y: 40 });
  assert.deepEqual(copy?.data, { text: "oi" });
  assert.equal(g.edges.length, 1);
});

Deno.test("delete removes the blocks with every wire touching them, never the start", () => {
  let g = addNode(emptyGraph(), "message", message("a"), "a");
  g = addNode(g, "message", message("b"), "b");
  g = connect(g, { source: START_ID, sourceHandle: null, target: "a" });
  g = connect(g, { source: "a", sourceHandle: null, target: "b" });
  const after = deleteSelection(g, new Set(["a", START_ID]));
  assert.deepEqual(after.nodes.map((n) => n.id), [START_ID, "b"]);
  assert.deepEqual(after.edges, []);
  const wireOnly = deleteSelection(g, new Set(), new Set([g.edges[0].id]));
  assert.equal(wireOnly.nodes.length, 3);
  assert.equal(wireOnly.edges.length, 1);
});

Deno.test("connect: one wire per output (a new one replaces it); none into the start, to itself, or from a missing output", () => {
  let g = addNode(emptyGraph(), "menu", {
    message: "Escolha",
    options: [{ number: 1, value: "Vendas" }, { number: 2, value: "Suporte" }],
  }, "menu");
  g = addNode(g, "message", message("a"), "a");
  g = addNode(g, "message", message("b"), "b");
  g = connect(g, { source: "menu", sourceHandle: "a1", target: "a" });
  g = connect(g, { source: "menu", sourceHandle: "a1", target: "b" });
  assert.deepEqual(g.edges.map((e) => [e.sourceHandle, e.target]), [["a1", "b"]]);
  assert.equal(g.edges[0].id, edgeId({ source: "menu", sourceHandle: "a1", target: "b" }));
  assert.equal(connect(g, { source: "a", sourceHandle: null, target: START_ID }), g);
  assert.equal(connect(g, { source: "a", sourceHandle: null, target: "a" }), g);
  assert.equal(connect(g, { source: "menu", sourceHandle: "a3", target: "a" }), g);
  assert.equal(connect(g, { source: "menu", sourceHandle: null, target: "a" }), g);
});

Deno.test("an output left to end loses its wire, and wiring it again takes the end back", () => {
  let g = addNode(emptyGraph(), "randomizer", { percent: 50 }, "r");
  g = addNode(g, "message", message("a"), "a");
  g = connect(g, { source: "r", sourceHandle: "a", target: "a" });
  g = setEnd(g, "r", "a", true);
  assert.deepEqual(g.edges, []);
  assert.deepEqual(g.nodes.find((n) => n.id === "r")?.ends, ["a"]);
  g = connect(g, { source: "r", sourceHandle: "a", target: "a" });
  assert.deepEqual(g.nodes.find((n) => n.id === "r")?.ends, []);
});

Deno.test("removing a menu option drops the wire of its output", () => {
  let g = addNode(emptyGraph(), "menu", {
    message: "Escolha",
    options: [{ number: 1, value: "Vendas" }, { number: 2, value: "Suporte" }],
  }, "menu");
  g = addNode(g, "message", message("a"), "a");
  g = connect(g, { source: "menu", sourceHandle: "a1", target: "a" });
  g = connect(g, { source: "menu", sourceHandle: "a2", target: "a" });
  g = updateData<"menu">(g, "menu", { message: "Escolha", options: [{ number: 1, value: "Vendas" }] });
  assert.deepEqual(g.edges.map((e) => e.sourceHandle), ["a1"]);
});
