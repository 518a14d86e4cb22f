import { Handle, type Node, type NodeProps, Position } from "@xyflow/react";
import { useTranslation } from "react-i18next";
import { type FlowNode, outputsOf } from "../../../../../contracts/flowGraph.ts";
import { type NodeStats, publicUrl } from "../../../api/flows.ts";
import { Icon, type IconName } from "../../../components/Icon.tsx";
import { IconButton } from "../../../components/IconButton.tsx";
import { outputLabel, summary, typeName } from "./blockText.ts";
import * as css from "./editor.css.ts";
import { actions } from "./store.ts";

export type BlockData = {
  node: FlowNode;
  /** The problems marked on this block, already in words. */
  marks: string[];
  /** Runs of the last 30 days that reached the block and ended there. */
  stats?: NodeStats;
  /** Testar's run is on this block. */
  running?: boolean;
};
export type BlockNodeType = Node<BlockData, "block">;

export const BLOCK_ICONS: Readonly<Record<FlowNode["type"], IconName>> = {
  start: "play",
  message: "message",
  menu: "menu",
  question: "question",
  interval: "clock",
  img: "image",
  audio: "audio",
  video: "video",
  content: "layers",
  condition: "branch",
  randomizer: "shuffle",
  ticket: "tickets",
  typebot: "robot",
  openai: "sparkle",
};

/**
 * One block on the canvas: its type and summary, its input on the left (not the start) and
 * one output per way on (a menu's options, the randomizer's two, a question's answer and
 * no reply, a condition's true and false), the duplicate and delete buttons, its problems.
 */
export function BlockNode({ data }: NodeProps<BlockNodeType>) {
  const { t } = useTranslation();
  const { node, marks } = data;
  const name = typeName(t, node);
  const isStart = node.type === "start";
  return (
    <div
      className={[css.block, marks.length ? css.invalid : "", data.running ? css.running : ""]
        .filter(Boolean).join(" ")}
      data-running={data.running ? "true" : undefined}
    >
      {isStart ? null : (
        <Handle
          type="target"
          position={Position.Left}
          className={css.handle}
        />
      )}
      <div className={css.blockHeader}>
        <Icon name={BLOCK_ICONS[node.type]} size={18} />
        <span className={css.blockName}>{name}</span>
        {isStart ? null : (
          <span className="nodrag">
            <IconButton
              icon="copy"
              size={16}
              label={t("flowEditor.node.duplicate", { type: name })}
              onPress={() => actions.duplicateNode(node.id)}
            />
            <IconButton
              icon="delete"
              size={16}
              label={t("flowEditor.node.delete", { type: name })}
              onPress={() => actions.deleteNode(node.id)}
            />
          </span>
        )}
      </div>
      <div className={css.summary}>{summary(t, node)}</div>
      {node.type === "img" && node.data.url
        ? <img className={css.preview} src={publicUrl(node.data.url)} alt="" />
        : null}
      <div className={css.outputs}>
        {outputsOf(node).map((handle) => {
          const label = outputLabel(t, node, handle);
          const ended = handle !== null && node.ends?.includes(handle);
          return (
            <div key={handle ?? "out"} className={css.output}>
              {label}
              {ended ? ` (${t("flowEditor.node.ends")})` : ""}
              <Handle
                type="source"
                position={Position.Right}
                id={handle ?? undefined}
                className={css.handle}
              />
            </div>
          );
        })}
      </div>
      {data.stats
        ? <div className={css.stats}>{t("flowEditor.node.stats", { reached: data.stats.reached, ended: data.stats.ended })}</div>
        : null}
      {marks.length
        ? (
          <ul className={css.problems}>
            {marks.map((mark) => <li key={mark}>{mark}</li>)}
          </ul>
        )
        : null}
    </div>
  );
}
