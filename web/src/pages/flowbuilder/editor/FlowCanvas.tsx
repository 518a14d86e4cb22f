import "@xyflow/react/dist/style.css";
import { useSignals } from "@preact/signals-react/runtime";
import {
  Background,
  BackgroundVariant,
  type Edge,
  type EdgeChange,
  type NodeChange,
  Panel,
  ReactFlow,
  useReactFlow,
} from "@xyflow/react";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FlowNode } from "../../../../../contracts/flowGraph.ts";
import { IconButton } from "../../../components/IconButton.tsx";
import { BlockNode, type BlockNodeType } from "./BlockNode.tsx";
import { blockLabel, outputLabel, summary, typeName, wiresText } from "./blockText.ts";
import * as css from "./editor.css.ts";
import { SpeedDial } from "./SpeedDial.tsx";
import { actions, graph, type Marked, problems, selectedEdges, selectedNodes } from "./store.ts";
import { focusRequest, nodeStats, openDialog } from "./ui.ts";
import { testRun } from "./testRun.ts";

const nodeTypes = { block: BlockNode };
/** The spec's wire: a thick line (stroke 6 px). */
const EDGE_STYLE = { strokeWidth: 6 };

type Measured = ReadonlyMap<string, { width: number; height: number }>;

/**
 * The canvas: React Flow showing the store's document (nodes and wires derived from it,
 * the sizes React Flow measures kept beside it), reporting gestures to the store's actions.
 */
export function FlowCanvas({ name }: { name: string }) {
  useSignals();
  const { t } = useTranslation();
  const flow = useReactFlow();
  const [measured, setMeasured] = useState<Measured>(new Map());
  const document = graph.value;
  const marks = problems.value;
  const chosen = selectedNodes.value;
  const chosenEdges = selectedEdges.value;
  const stats = nodeStats.value;
  // The block Testar's run is on (while it runs).
  const at = testRun.value?.at;
  const running = at?.status === "running" ? at.node : null;
  const nodeCache = useRef(new Map<string, { key: unknown[]; node: BlockNodeType }>());

  const nodes = useMemo(() => {
    const words = (mark: Marked) =>
      mark.handle ? `${t(`flows.problems.${mark.code}`)} (${mark.handle})` : t(`flows.problems.${mark.code}`);
    return document.nodes.map((node) => {
      const own = marks.filter((m) => m.nodeId === node.id).map(words);
      const size = measured.get(node.id);
      const figures = stats[node.id];
      const active = running === node.id;
      const key = [node, chosen.has(node.id), size, own.join("\n"), document.edges, figures, active];
      const cached = nodeCache.current.get(node.id);
      if (cached && cached.key.every((part, i) => part === key[i])) return cached.node;
      const rf: BlockNodeType = {
        id: node.id,
        type: "block",
        position: node.position,
        data: { node, marks: own, stats: figures, running: active },
        selected: chosen.has(node.id),
        deletable: false,
        measured: size,
        ariaLabel: ariaLabel(node, own, active),
      };
      nodeCache.current.set(node.id, { key, node: rf });
      return rf;
    });

    function ariaLabel(node: FlowNode, own: string[], active: boolean) {
      return [
        t("flowEditor.node.label", { type: typeName(t, node), summary: summary(t, node) }),
        active ? t("flowEditor.testar.active") : "",
        ...wiresText(t, document, node),
        own.length ? t("flowEditor.node.problemsLabel", { list: own.join("; ") }) : "",
      ].filter(Boolean).join(". ");
    }
  }, [document, marks, chosen, measured, stats, running, t]);

  const edges = useMemo<Edge[]>(() =>
    document.edges.map((edge) => {
      const source = document.nodes.find((n) => n.id === edge.source);
      const target = document.nodes.find((n) => n.id === edge.target);
      return {
        id: edge.id,
        source: edge.source,
        sourceHandle: edge.sourceHandle,
        target: edge.target,
        style: EDGE_STYLE,
        selected: chosenEdges.has(edge.id),
        deletable: false,
        ariaLabel: source && target
          ? t("flowEditor.node.wire", {
            from: blockLabel(t, source),
            output: outputLabel(t, source, edge.sourceHandle),
            to: blockLabel(t, target),
          })
          : undefined,
      };
    }), [document, chosenEdges, t]);

  // The block asked for gets the focus once drawn and once the closing dialog has put the
  // focus back where it was (two frames).
  const wanted = focusRequest.value;
  useEffect(() => {
    if (!wanted) return;
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        const element = globalThis.document.querySelector<HTMLElement>(
          `.react-flow__node[data-id="${CSS.escape(wanted)}"]`,
        );
        if (!element) return;
        element.focus();
        focusRequest.value = null;
      });
    });
    return () => cancelAnimationFrame(frame);
  }, [wanted, nodes]);

  const onNodesChange = (changes: NodeChange<BlockNodeType>[]) => {
    let nodes = selectedNodes.value;
    let sizes: Map<string, { width: number; height: number }> | null = null;
    for (const change of changes) {
      if (change.type === "position" && change.position) {
        if (change.dragging) actions.dragMove(change.id, change.position);
        else actions.moveNode(change.id, change.position);
      } else if (change.type === "select") {
        nodes = new Set(nodes);
        if (change.selected) (nodes as Set<string>).add(change.id);
        else (nodes as Set<string>).delete(change.id);
      } else if (change.type === "dimensions" && change.dimensions) {
        sizes ??= new Map(measured);
        sizes.set(change.id, change.dimensions);
      }
    }
    if (nodes !== selectedNodes.value) actions.select(nodes, selectedEdges.value);
    if (sizes) setMeasured(sizes);
  };

  const onEdgesChange = (changes: EdgeChange[]) => {
    let edges = selectedEdges.value;
    for (const change of changes) {
      if (change.type !== "select") continue;
      edges = new Set(edges);
      if (change.selected) (edges as Set<string>).add(change.id);
      else (edges as Set<string>).delete(change.id);
    }
    if (edges !== selectedEdges.value) actions.select(selectedNodes.value, edges);
  };

  const ariaLabels = useMemo(() => {
    const direction = (d: string) =>
      ["up", "down", "left", "right"].includes(d) ? t(`flowEditor.a11y.directions.${d}`) : d;
    return {
      "node.a11yDescription.default": t("flowEditor.a11y.node"),
      "node.a11yDescription.keyboardDisabled": t("flowEditor.a11y.node"),
      "node.a11yDescription.ariaLiveMessage": (p: { direction: string; x: number; y: number }) =>
        t("flowEditor.a11y.moved", { direction: direction(p.direction), x: Math.round(p.x), y: Math.round(p.y) }),
      "edge.a11yDescription.default": t("flowEditor.a11y.edge"),
    };
  }, [t]);

  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest("input, textarea, [role=dialog]")) return;
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      actions.deleteSelection();
    } else if (event.key === "Enter") {
      const id = target.closest<HTMLElement>(".react-flow__node")?.dataset.id;
      const node = id ? document.nodes.find((n) => n.id === id) : undefined;
      if (node) {
        event.preventDefault();
        openDialog.value = { type: node.type, id: node.id };
      }
    }
  };

  return (
    <div className={css.canvas} onKeyDown={onKeyDown}>
      <ReactFlow<BlockNodeType, Edge>
        aria-label={t("flowEditor.canvas", { name })}
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={(c) =>
          actions.connect({ source: c.source, sourceHandle: c.sourceHandle ?? null, target: c.target })}
        onNodeDragStart={() => actions.dragStart()}
        onNodeDragStop={() => actions.dragEnd()}
        onNodeDoubleClick={(_, node) => {
          openDialog.value = { type: node.data.node.type, id: node.id };
        }}
        deleteKeyCode={null}
        zoomOnDoubleClick={false}
        fitView
        fitViewOptions={{ maxZoom: 1 }}
        minZoom={0.2}
        proOptions={{ hideAttribution: true }}
        ariaLabelConfig={ariaLabels}
      >
        <Background variant={BackgroundVariant.Dots} gap={16} size={1.5} />
        <Panel position="bottom-left">
          <div className={css.zoom}>
            <IconButton icon="zoomIn" label={t("flowEditor.zoomIn")} onPress={() => flow.zoomIn()} />
            <IconButton icon="zoomOut" label={t("flowEditor.zoomOut")} onPress={() => flow.zoomOut()} />
            <IconButton icon="fitView" label={t("flowEditor.fitView")} onPress={() => flow.fitView()} />
          </div>
        </Panel>
        <Panel position="top-right">
          <SpeedDial />
        </Panel>
      </ReactFlow>
    </div>
  );
}

