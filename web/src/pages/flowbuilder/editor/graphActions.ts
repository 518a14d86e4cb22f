/**
 * The editor's changes to a flow's graph, each a pure function from one document to the
 * next (seed 002 section 4: placement offsets, start replaced, duplicate, delete). The store
 * registers them by name; React Flow only shows their result.
 */
import {
  type FlowEdge,
  type FlowGraph,
  type FlowNode,
  type NodeDataByType,
  type NodeType,
  outputsOf,
  START_ID,
} from "../../../../../contracts/flowGraph.ts";

/** A block's width on the canvas (editor.css.ts): the offsets count from its right edge. */
export const BLOCK_WIDTH = 220;
/** A new block sits this far right of the last block, at its height (a gap, so they never overlap). */
export const ADD_OFFSET_X = 40;
/** A duplicate sits this far right of the rightmost block. */
export const DUPLICATE_OFFSET_X = 240;

export interface Position {
  x: number;
  y: number;
}

/** A graph holding only the start block: a new flow (the server's `flow: null`). */
export function emptyGraph(): FlowGraph {
  return { nodes: [startNode({ x: 250, y: 100 })], edges: [] };
}

function startNode(position: Position): FlowNode {
  return { id: START_ID, type: "start", position, data: {} };
}

const lastPosition = (graph: FlowGraph): Position => {
  const last = graph.nodes.at(-1);
  return last
    ? { x: last.position.x + BLOCK_WIDTH + ADD_OFFSET_X, y: last.position.y }
    : { x: 250, y: 100 };
};

/** Adds a block 40 right of the last one's right edge; a start block replaces the start (its edges stay). */
export function addNode<T extends NodeType>(
  graph: FlowGraph,
  type: T,
  data: NodeDataByType[T],
  id: string,
): FlowGraph {
  const position = lastPosition(graph);
  if (type === "start") {
    return { ...graph, nodes: [...graph.nodes.filter((n) => n.id !== START_ID), startNode(position)] };
  }
  const node = { id, type, position, data } as FlowNode;
  return { ...graph, nodes: [...graph.nodes, node] };
}

/** A block at a new place (the same graph when it is already there). */
export function moveNode(graph: FlowGraph, id: string, position: Position): FlowGraph {
  const node = graph.nodes.find((n) => n.id === id);
  if (!node || (node.position.x === position.x && node.position.y === position.y)) return graph;
  return mapNode(graph, id, (n) => ({ ...n, position: { x: position.x, y: position.y } }));
}

/** Replaces a block's fields; outputs it no longer has (a removed menu option) lose their edges. */
export function updateData<T extends NodeType>(
  graph: FlowGraph,
  id: string,
  data: NodeDataByType[T],
): FlowGraph {
  const next = mapNode(graph, id, (node) => ({ ...node, data } as FlowNode));
  const node = next.nodes.find((n) => n.id === id);
  if (!node) return graph;
  const outputs = new Set(outputsOf(node));
  return {
    ...next,
    nodes: next.nodes.map((n) =>
      n.id === id && n.ends ? { ...n, ends: n.ends.filter((h) => outputs.has(h)) } : n
    ),
    edges: next.edges.filter((e) => e.source !== id || outputs.has(e.sourceHandle)),
  };
}

export interface Connection {
  source: string;
  sourceHandle: string | null;
  target: string;
}

/**
 * Wires an output to a block's input. An output leads to one block (the run follows one
 * edge): a new wire replaces the old. No wire into the start, none from a block to itself,
 * none from an output the block does not have.
 */
export function connect(graph: FlowGraph, c: Connection): FlowGraph {
  const source = graph.nodes.find((n) => n.id === c.source);
  const target = graph.nodes.find((n) => n.id === c.target);
  if (!source || !target || c.source === c.target || target.id === START_ID) return graph;
  if (!outputsOf(source).includes(c.sourceHandle)) return graph;
  const edge: FlowEdge = {
    id: edgeId(c),
    source: c.source,
    sourceHandle: c.sourceHandle,
    target: c.target,
  };
  const others = graph.edges.filter((e) =>
    !(e.source === c.source && e.sourceHandle === c.sourceHandle)
  );
  const nodes = source.ends?.includes(c.sourceHandle ?? "")
    ? mapNode(graph, source.id, (n) => ({ ...n, ends: n.ends?.filter((h) => h !== c.sourceHandle) }))
      .nodes
    : graph.nodes;
  return { ...graph, nodes, edges: [...others, edge] };
}

/** The original's edge id: reactflow__edge-{source}{handle}-{target}. */
export const edgeId = (c: Connection) =>
  `reactflow__edge-${c.source}${c.sourceHandle ?? ""}-${c.target}`;

/** An output the author leaves unwired on purpose: the flow ends there (its wire goes). */
export function setEnd(graph: FlowGraph, id: string, handle: string, ended: boolean): FlowGraph {
  const next = mapNode(graph, id, (node) => {
    const ends = (node.ends ?? []).filter((h) => h !== handle);
    return { ...node, ends: ended ? [...ends, handle] : ends };
  });
  return ended
    ? { ...next, edges: next.edges.filter((e) => !(e.source === id && e.sourceHandle === handle)) }
    : next;
}

/** Removes blocks (never the start) with every edge touching them, and edges. */
export function deleteSelection(
  graph: FlowGraph,
  nodeIds: ReadonlySet<string>,
  edgeIds: ReadonlySet<string> = new Set(),
): FlowGraph {
  const gone = new Set([...nodeIds].filter((id) => id !== START_ID));
  return {
    ...graph,
    nodes: graph.nodes.filter((n) => !gone.has(n.id)),
    edges: graph.edges.filter((e) =>
      !edgeIds.has(e.id) && !gone.has(e.source) && !gone.has(e.target)
    ),
  };
}

/** A copy of a block (not the start), 240 right of the rightmost block, unwired. */
export function duplicateNode(graph: FlowGraph, id: string, newId: string): FlowGraph {
  const node = graph.nodes.find((n) => n.id === id);
  if (!node || node.type === "start") return graph;
  const furthest = Math.max(...graph.nodes.map((n) => n.position.x));
  const copy = {
    ...structuredClone(node),
    id: newId,
    position: { x: furthest + DUPLICATE_OFFSET_X, y: node.position.y },
  } as FlowNode;
  return { ...graph, nodes: [...graph.nodes, copy] };
}

function mapNode(graph: FlowGraph, id: string, change: (node: FlowNode) => FlowNode): FlowGraph {
  let changed = false;
  const nodes = graph.nodes.map((node) => {
    if (node.id !== id) return node;
    changed = true;
    return change(node);
  });
  return changed ? { ...graph, nodes } : graph;
}
