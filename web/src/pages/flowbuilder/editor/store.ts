/**
 * The flow being edited, kept outside React (one module-level store on signals): the
 * document with its undo history, the selection, the last saved document and the
 * problems marked on blocks. Changes go through the named actions below, each a pure
 * function of graphActions.ts; React Flow only shows the document and reports gestures.
 */
import { batch, computed, signal } from "@preact/signals-react";
import {
  answerKeys,
  type FlowGraph,
  type NodeDataByType,
  type NodeType,
  newNodeId,
} from "../../../../../contracts/flowGraph.ts";
import { keys, write } from "../../../lib/storage.ts";
import * as graphActions from "./graphActions.ts";
import { type History, historyOf, record, redo, replace, settle, undo } from "./history.ts";

export interface Marked {
  nodeId: string | null;
  code: string;
  handle?: string;
}

export const history = signal<History<FlowGraph>>(historyOf(graphActions.emptyGraph()));
export const graph = computed(() => history.value.present);
/** The document as last loaded or saved: leaving with another one asks first. */
export const savedGraph = signal<FlowGraph>(history.value.present);
export const dirty = computed(() => graph.value !== savedGraph.value);
export const canUndo = computed(() => history.value.past.length > 0);
export const canRedo = computed(() => history.value.future.length > 0);

export const selectedNodes = signal<ReadonlySet<string>>(new Set());
export const selectedEdges = signal<ReadonlySet<string>>(new Set());
/** Problems of the last save (checkFlow's or the server's), shown on their blocks until fixed or saved. */
export const problems = signal<readonly Marked[]>([]);

/** Ids of new blocks; a test may make them predictable. */
let makeId: () => string = () => newNodeId();
export function useIds(next: () => string): void {
  makeId = next;
}

/** Applies one recorded step (an undoable change), the answer keys kept for {{key}} suggestions. */
function commit(change: (graph: FlowGraph) => FlowGraph): void {
  const next = change(history.value.present);
  if (next === history.value.present) return;
  history.value = record(history.value, next);
  rememberAnswerKeys(next);
}

/** Question blocks' answer keys, kept in the browser for the {{key}} suggestions (seed 002). */
export function rememberAnswerKeys(document: FlowGraph): void {
  write(keys.flowVariables, JSON.stringify(answerKeys(document)));
}

let dragBase: FlowGraph | null = null;

/** The registered actions: every change of the document has a name and goes through here. */
export const actions = {
  /** A document just loaded (or a new flow): no history, nothing unsaved. */
  load(document: FlowGraph): void {
    batch(() => {
      history.value = historyOf(document);
      savedGraph.value = document;
      selectedNodes.value = new Set();
      selectedEdges.value = new Set();
      problems.value = [];
    });
    rememberAnswerKeys(document);
  },
  markSaved(document: FlowGraph): void {
    savedGraph.value = document;
  },
  /** Adds a block; answers its id. */
  addNode<T extends NodeType>(type: T, data: NodeDataByType[T]): string {
    const id = makeId();
    commit((g) => graphActions.addNode(g, type, data, id));
    return id;
  },
  /** A move by keyboard or a drop: one step. */
  moveNode(id: string, position: graphActions.Position): void {
    commit((g) => graphActions.moveNode(g, id, position));
  },
  /** A drag: its positions replace each other, and its end is one step back to its start. */
  dragStart(): void {
    dragBase = history.value.present;
  },
  dragMove(id: string, position: graphActions.Position): void {
    if (!dragBase) dragBase = history.value.present;
    history.value = replace(history.value, graphActions.moveNode(history.value.present, id, position));
  },
  dragEnd(): void {
    if (dragBase) history.value = settle(history.value, dragBase);
    dragBase = null;
  },
  connect(connection: graphActions.Connection): void {
    commit((g) => graphActions.connect(g, connection));
  },
  setEnd(id: string, handle: string, ended: boolean): void {
    commit((g) => graphActions.setEnd(g, id, handle, ended));
  },
  updateData<T extends NodeType>(id: string, data: NodeDataByType[T]): void {
    commit((g) => graphActions.updateData<T>(g, id, data));
  },
  duplicateNode(id: string): void {
    commit((g) => graphActions.duplicateNode(g, id, makeId()));
  },
  deleteNode(id: string): void {
    commit((g) => graphActions.deleteSelection(g, new Set([id])));
  },
  deleteEdge(id: string): void {
    commit((g) => graphActions.deleteSelection(g, new Set(), new Set([id])));
  },
  /** Backspace or Delete: the selected blocks (never the start) and wires. */
  deleteSelection(): void {
    commit((g) => graphActions.deleteSelection(g, selectedNodes.value, selectedEdges.value));
    batch(() => {
      selectedNodes.value = new Set();
      selectedEdges.value = new Set();
    });
  },
  select(nodes: ReadonlySet<string>, edges: ReadonlySet<string>): void {
    batch(() => {
      selectedNodes.value = nodes;
      selectedEdges.value = edges;
    });
  },
  undo(): void {
    history.value = undo(history.value);
    rememberAnswerKeys(history.value.present);
  },
  redo(): void {
    history.value = redo(history.value);
    rememberAnswerKeys(history.value.present);
  },
  mark(found: readonly Marked[]): void {
    problems.value = found;
  },
};

export type ActionName = keyof typeof actions;
