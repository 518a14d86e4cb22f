/** What a block says on the canvas and to screen readers: its summary and its outputs' names. */
import type { TFunction } from "i18next";
import {
  ANSWERED,
  CONDITION_FALSE,
  CONDITION_TRUE,
  type FlowGraph,
  type FlowNode,
  NO_REPLY,
  RANDOM_A,
  RANDOM_B,
} from "../../../../../contracts/flowGraph.ts";

export const typeName = (t: TFunction, node: Pick<FlowNode, "type">) =>
  t(`flowEditor.types.${node.type}`);

export function summary(t: TFunction, node: FlowNode): string {
  switch (node.type) {
    case "start":
      return t("flowEditor.node.start");
    case "message":
      return node.data.text;
    case "menu":
      return node.data.message;
    case "question":
      return `${node.data.message}\n→ {{${node.data.answerKey}}}`;
    case "interval":
      return t("flowEditor.node.interval", { sec: node.data.sec });
    case "img":
    case "audio":
    case "video":
      return node.data.url;
    case "content":
      return t("flowEditor.node.elements", { count: node.data.elements.length });
    case "condition":
      return node.data.subject === "hours"
        ? t("flowEditor.dialog.subjects.hours")
        : [node.data.key, t(`flowEditor.dialog.ops.${node.data.op}`), node.data.op === "exists" ? "" : node.data.value]
          .filter(Boolean).join(" ");
    case "randomizer":
      return `${node.data.percent}% / ${100 - node.data.percent}%`;
    case "ticket":
      return node.data.queueName ?? t("flowEditor.node.noQueue");
    case "typebot":
      return `${node.data.typebotSlug}\n${t("flowEditor.node.unavailable")}`;
    case "openai":
      return node.data.name;
  }
}

export function outputLabel(t: TFunction, node: FlowNode, handle: string | null): string {
  if (node.type === "menu") {
    const option = node.data.options.find((o) => `a${o.number}` === handle);
    return option ? t("flowEditor.node.option", { number: option.number, value: option.value }) : String(handle);
  }
  if (node.type === "randomizer") {
    if (handle === RANDOM_A) return t("flowEditor.node.percent", { percent: node.data.percent });
    if (handle === RANDOM_B) return t("flowEditor.node.rest", { percent: 100 - node.data.percent });
  }
  if (handle === ANSWERED) return t("flowEditor.node.answered");
  if (handle === NO_REPLY) return t("flowEditor.node.noReply");
  if (handle === CONDITION_TRUE) return t("flowEditor.node.isTrue");
  if (handle === CONDITION_FALSE) return t("flowEditor.node.isFalse");
  return t("flowEditor.node.output");
}

/** A block's name for lists and wires: its type and the start of its summary. */
export function blockLabel(t: TFunction, node: FlowNode): string {
  const text = summary(t, node).replace(/\s+/g, " ").trim();
  const short = text.length > 40 ? `${text.slice(0, 39)}…` : text;
  return short ? `${typeName(t, node)}: ${short}` : typeName(t, node);
}

/** Where each wire of a block goes, read after the block's name by screen readers. */
export function wiresText(t: TFunction, graph: FlowGraph, node: FlowNode): string[] {
  return graph.edges.filter((e) => e.source === node.id).map((e) => {
    const target = graph.nodes.find((n) => n.id === e.target);
    return t("flowEditor.node.wire", {
      from: typeName(t, node),
      output: outputLabel(t, node, e.sourceHandle),
      to: target ? blockLabel(t, target) : e.target,
    });
  });
}
