import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  ANSWER_TYPES,
  type AnswerType,
  branchOutputs,
  CONDITION_OPS,
  CONDITION_SUBJECTS,
  type ConditionOp,
  type ConditionSubject,
  type ContentElement,
  type ContentKind,
  type FlowNode,
  type NodeDataByType,
  type NodeType,
  outputsOf,
  START_ID,
} from "../../../../../contracts/flowGraph.ts";
import { api } from "../../../api/index.ts";
import { publicUrl } from "../../../api/flows.ts";
import type { QueueRef } from "../../../api/types.ts";
import { AppDialog } from "../../../components/AppDialog.tsx";
import { Button } from "../../../components/Button.tsx";
import { IconButton } from "../../../components/IconButton.tsx";
import { NumberInput } from "../../../components/NumberInput.tsx";
import { SelectField } from "../../../components/SelectField.tsx";
import { SwitchField } from "../../../components/SwitchField.tsx";
import { TextAreaField } from "../../../components/TextAreaField.tsx";
import { TextInput } from "../../../components/TextInput.tsx";
import { toast } from "../../../components/toast.ts";
import { keys, read } from "../../../lib/storage.ts";
import {
  type BlockIssues,
  cleanData,
  contentIssue,
  initialData,
  UNAVAILABLE,
  validateBlock,
} from "./blockForms.ts";
import { blockLabel, outputLabel, typeName } from "./blockText.ts";
import { OpenAiFields, TypebotFields } from "./AiBlockFields.tsx";
import * as css from "./editor.css.ts";
import { acceptOf, compressImage, fileIssue, type MediaKind } from "./media.ts";
import { actions, graph } from "./store.ts";
import { focusRequest, openDialog } from "./ui.ts";
import { EDITOR_TOAST_MS, QUESTION_SUBMIT_DELAY_MS } from "./timing.ts";

/** The open block's dialog, if any (create or edit mode, seed 002 section 4). */
export function BlockDialog() {
  useSignals();
  const open = openDialog.value;
  if (!open) return null;
  const node = open.id ? graph.value.nodes.find((n) => n.id === open.id) : undefined;
  if (open.id && !node) return null;
  return (
    <BlockForm
      key={open.id ?? open.type}
      type={open.type}
      node={node ?? null}
      onClose={() => (openDialog.value = null)}
    />
  );
}

type AnyData = NodeDataByType[NodeType];
/** Where an output goes, as its select says: a block id, "" for nowhere, END to end there. */
const END = "::end";

interface FormProps {
  type: NodeType;
  node: FlowNode | null;
  onClose: () => void;
}

function BlockForm({ type, node, onClose }: FormProps) {
  const { t } = useTranslation();
  const [data, setData] = useState<AnyData>(() =>
    node ? structuredClone(node.data) : initialData(type)
  );
  const [issues, setIssues] = useState<BlockIssues>({});
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  /** Files chosen but not yet sent: a media block's (key -1) or a content item's (its index). */
  const [files, setFiles] = useState<ReadonlyMap<number, File>>(new Map());
  const [wires, setWires] = useState<Record<string, string>>(() => node ? wiresOf(node) : {});
  const name = typeName(t, { type });
  const patch = (next: Partial<AnyData>) => setData((d) => ({ ...d, ...next } as AnyData));
  const issue = (field: string) => issues[field] ? t(issues[field]) : null;

  function wiresOf(n: FlowNode): Record<string, string> {
    const found: Record<string, string> = {};
    for (const handle of outputsOf(n)) {
      const key = handle ?? "";
      const edge = graph.value.edges.find((e) => e.source === n.id && e.sourceHandle === handle);
      found[key] = edge ? edge.target : handle && n.ends?.includes(handle) ? END : "";
    }
    return found;
  }

  const submit = async () => {
    if (busy) return;
    const pendingItems = new Set([...files.keys()].filter((k) => k >= 0));
    const found = type === "content"
      ? contentIssue((data as NodeDataByType["content"]).elements, pendingItems)
      : null;
    // The content dialog's rule counts the files chosen but not yet sent (contentIssue).
    const checked = type === "content" ? {} : validateBlock<NodeType>(type, withPendingMedia(data));
    if (found) {
      toast.timed("error", t(found), EDITOR_TOAST_MS);
      return;
    }
    if (Object.keys(checked).length) {
      setIssues(checked);
      return;
    }
    setBusy(true);
    try {
      if (type === "question") await new Promise((r) => setTimeout(r, QUESTION_SUBMIT_DELAY_MS));
      const saved = cleanData(type, await upload(data));
      if (node) {
        actions.updateData(node.id, saved);
        applyWires(node.id);
      } else {
        // The new block is selected and focused: the arrows move it at once.
        const id = actions.addNode(type, saved);
        actions.select(new Set([id]), new Set());
        focusRequest.value = id;
      }
      onClose();
    } catch (error) {
      toast.apiError(error);
    } finally {
      setBusy(false);
      setUploading(false);
    }
  };

  /** A media block whose file is chosen passes the file rule before its upload. */
  function withPendingMedia(d: AnyData): AnyData {
    return files.has(-1) ? { ...d, url: files.get(-1)?.name ?? "" } as AnyData : d;
  }

  async function upload(d: AnyData): Promise<AnyData> {
    const single = files.get(-1);
    if (single && (type === "img" || type === "audio" || type === "video")) {
      const url = type === "img"
        ? await api.flows.uploadImage(await compressImage(single))
        : await api.flows.uploadAudio(single);
      toast.timed(
        "success",
        t(`flowEditor.dialog.${type === "img" ? "image" : type}Added`),
        EDITOR_TOAST_MS,
      );
      return { ...d, url } as AnyData;
    }
    if (type === "content") {
      const content = d as NodeDataByType["content"];
      const indexes = [...files.keys()].filter((k) => k >= 0).sort((a, b) => a - b);
      if (indexes.length === 0) return d;
      setUploading(true);
      const chosen = await Promise.all(indexes.map((i) => {
        const file = files.get(i) as File;
        return content.elements[i].type === "img" ? compressImage(file) : file;
      }));
      const names = await api.flows.uploadContent(chosen);
      const elements = content.elements.map((e, i) => {
        const at = indexes.indexOf(i);
        return at === -1 ? e : { ...e, value: names[at] ?? "", original: files.get(i)?.name };
      });
      toast.timed("success", t("flowEditor.dialog.contentAdded"), EDITOR_TOAST_MS);
      return { elements } as AnyData;
    }
    return d;
  }

  function applyWires(id: string) {
    const current = graph.value.nodes.find((n) => n.id === id);
    if (!current) return;
    const branches = new Set(branchOutputs(current));
    for (const handle of outputsOf(current)) {
      const choice = wires[handle ?? ""] ?? "";
      const edge = graph.value.edges.find((e) => e.source === id && e.sourceHandle === handle);
      if (choice === END && handle && branches.has(handle)) actions.setEnd(id, handle, true);
      else if (choice && choice !== END && edge?.target !== choice) {
        actions.connect({ source: id, sourceHandle: handle, target: choice });
      } else if (!choice && edge) actions.deleteEdge(edge.id);
      else if (!choice && handle && current.ends?.includes(handle)) actions.setEnd(id, handle, false);
    }
  }

  const chooseFile = (key: number, kind: MediaKind, file: File | undefined) => {
    if (!file) return;
    const problem = fileIssue(kind, file);
    if (problem) {
      toast.timed("error", t(problem.key, problem.params), EDITOR_TOAST_MS);
      return;
    }
    setFiles((previous) => new Map(previous).set(key, file));
  };

  return (
    <AppDialog
      title={node
        ? t("flowEditor.dialog.editTitle", { type: name })
        : t("flowEditor.dialog.addTitle", { type: name })}
      isOpen
      wide={type === "content" || type === "menu" || type === "openai"}
      onClose={onClose}
      onSubmit={() => void submit()}
      busy={busy}
      submitLabel={node ? t("flowEditor.dialog.edit") : t("flowEditor.dialog.add")}
    >
      <div className={css.stack}>
        {uploading ? <p role="status">{t("flowEditor.dialog.uploading")}</p> : null}
        {UNAVAILABLE.has(type) ? <p className={css.hint}>{t("flowEditor.dialog.unavailable")}</p> : null}
        <Fields
          type={type}
          data={data}
          patch={patch}
          issue={issue}
          files={files}
          chooseFile={chooseFile}
          dropFile={(key) =>
            setFiles((previous) => {
              const next = new Map(previous);
              next.delete(key);
              return next;
            })}
          setData={setData}
        />
        {node ? <Wires node={node} data={data} wires={wires} setWires={setWires} /> : null}
      </div>
    </AppDialog>
  );
}

interface FieldsProps {
  type: NodeType;
  data: AnyData;
  patch: (next: Partial<AnyData>) => void;
  setData: (change: (d: AnyData) => AnyData) => void;
  issue: (field: string) => string | null;
  files: ReadonlyMap<number, File>;
  chooseFile: (key: number, kind: MediaKind, file: File | undefined) => void;
  dropFile: (key: number) => void;
}

function Fields(props: FieldsProps) {
  const { t } = useTranslation();
  const { type, patch, issue } = props;
  switch (type) {
    case "message": {
      const d = props.data as NodeDataByType["message"];
      return (
        <MessageField
          label={t("flowEditor.dialog.message")}
          value={d.text}
          onChange={(text) => patch({ text })}
          error={issue("text")}
        />
      );
    }
    case "interval": {
      const d = props.data as NodeDataByType["interval"];
      return (
        <NumberInput
          label={t("flowEditor.dialog.seconds")}
          value={d.sec}
          minValue={0}
          onChange={(sec) => patch({ sec })}
          error={issue("sec")}
        />
      );
    }
    case "menu":
      return <MenuFields {...props} />;
    case "question":
      return <QuestionFields {...props} />;
    case "img":
    case "audio":
    case "video":
      return <MediaFields {...props} kind={type} />;
    case "content":
      return <ContentFields {...props} />;
    case "condition":
      return <ConditionFields {...props} />;
    case "randomizer": {
      const d = props.data as NodeDataByType["randomizer"];
      return <PercentField value={d.percent} onChange={(percent) => patch({ percent })} />;
    }
    case "ticket":
      return <TicketFields {...props} />;
    case "openai":
      return <OpenAiFields data={props.data as NodeDataByType["openai"]} patch={patch} issue={issue} />;
    case "typebot":
      return <TypebotFields data={props.data as NodeDataByType["typebot"]} patch={patch} issue={issue} />;
    default:
      return null;
  }
}

/** A message with the answer keys of the flow's questions offered as {{key}}. */
function MessageField(
  props: { label: string; value: string; onChange: (v: string) => void; error?: string | null; rows?: number },
) {
  const { t } = useTranslation();
  const answerKeys = storedAnswerKeys();
  return (
    <>
      <TextAreaField
        label={props.label}
        value={props.value}
        onChange={props.onChange}
        error={props.error}
        rows={props.rows ?? 4}
        autoFocus
      />
      {answerKeys.length
        ? (
          <div className={css.chips} role="group" aria-label={t("flowEditor.dialog.variables")}>
            {answerKeys.map((key) => (
              <button
                key={key}
                type="button"
                className={css.chip}
                aria-label={t("flowEditor.dialog.insert", { placeholder: `{{${key}}}` })}
                onClick={() => props.onChange(`${props.value}{{${key}}}`)}
              >
                {`{{${key}}}`}
              </button>
            ))}
          </div>
        )
        : null}
    </>
  );
}

function storedAnswerKeys(): string[] {
  try {
    const parsed = JSON.parse(read(keys.flowVariables) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

function MenuFields({ data, patch, issue }: FieldsProps) {
  const { t } = useTranslation();
  const d = data as NodeDataByType["menu"];
  const setOption = (index: number, value: string) =>
    patch({ options: d.options.map((o, i) => i === index ? { ...o, value } : o) });
  return (
    <>
      <MessageField
        label={t("flowEditor.dialog.message")}
        value={d.message}
        onChange={(message) => patch({ message })}
        error={issue("message")}
      />
      <fieldset className={css.card}>
        <legend>{t("flowEditor.dialog.options")}</legend>
        {d.options.map((option, i) => (
          <div key={i} className={css.row}>
            <div className={css.grow}>
              <TextInput
                label={t("flowEditor.dialog.option", { number: i + 1 })}
                value={option.value}
                onChange={(value) => setOption(i, value)}
                error={issue(`option${i}`)}
              />
            </div>
            <IconButton
              icon="delete"
              label={t("flowEditor.dialog.removeOption", { number: i + 1 })}
              onPress={() => patch({ options: d.options.filter((_, j) => j !== i) })}
            />
          </div>
        ))}
        {issue("options") ? <p className={css.error}>{issue("options")}</p> : null}
        <div>
          <Button
            variant="secondary"
            onPress={() =>
              patch({ options: [...d.options, { number: d.options.length + 1, value: "" }] })}
          >
            {t("flowEditor.dialog.addOption")}
          </Button>
        </div>
      </fieldset>
    </>
  );
}

function QuestionFields({ data, patch, issue }: FieldsProps) {
  const { t } = useTranslation();
  const d = data as NodeDataByType["question"];
  return (
    <>
      <MessageField
        label={t("flowEditor.dialog.message")}
        value={d.message}
        onChange={(message) => patch({ message })}
        error={issue("message")}
        rows={7}
      />
      <TextInput
        label={t("flowEditor.dialog.answerKey")}
        value={d.answerKey}
        onChange={(answerKey) => patch({ answerKey })}
        error={issue("answerKey")}
        description={t("flowEditor.dialog.answerKeyHint", {
          placeholder: `{{${d.answerKey.trim() || "nome"}}}`,
        })}
        autoComplete="off"
      />
      <SelectField
        label={t("flowEditor.dialog.answerType")}
        options={ANSWER_TYPES.map((id) => ({ id, label: t(`flowEditor.dialog.answerTypes.${id}`) }))}
        value={d.answerType ?? "text"}
        onChange={(value) => patch({ answerType: value as AnswerType })}
      />
      {d.answerType && d.answerType !== "text"
        ? (
          <TextAreaField
            label={t("flowEditor.dialog.retryMessage")}
            value={d.retryMessage ?? ""}
            onChange={(retryMessage) => patch({ retryMessage })}
          />
        )
        : null}
      <NumberInput
        label={t("flowEditor.dialog.noReplyAfter")}
        value={d.noReplyAfter ?? Number.NaN}
        minValue={1}
        onChange={(value) => patch({ noReplyAfter: Number.isFinite(value) && value > 0 ? value : undefined })}
        error={issue("noReplyAfter")}
      />
    </>
  );
}

function MediaFields(props: FieldsProps & { kind: MediaKind }) {
  const { t } = useTranslation();
  const d = props.data as { url: string; record?: boolean };
  const chosen = props.files.get(-1);
  return (
    <>
      <FileField
        kind={props.kind}
        current={chosen?.name ?? d.url}
        onChoose={(file) => props.chooseFile(-1, props.kind, file)}
        error={props.issue("url")}
      />
      {d.url && !chosen && props.kind === "img"
        ? <img className={css.preview} src={publicUrl(d.url)} alt={d.url} />
        : null}
      {d.url && !chosen && props.kind === "audio"
        ? <audio className={css.preview} src={publicUrl(d.url)} controls aria-label={d.url} />
        : null}
      {props.kind === "audio"
        ? (
          <SwitchField
            label={t("flowEditor.dialog.record")}
            isSelected={d.record ?? true}
            onChange={(record) => props.patch({ record })}
          />
        )
        : null}
    </>
  );
}

function FileField(
  props: { kind: MediaKind; current: string; onChoose: (file: File | undefined) => void; error?: string | null },
) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={css.stack}>
      <label htmlFor={id}>{t("flowEditor.dialog.file")}</label>
      <input
        id={id}
        type="file"
        accept={acceptOf(props.kind)}
        onChange={(event) => {
          props.onChoose(event.target.files?.[0]);
          event.target.value = "";
        }}
      />
      {props.current ? <span className={css.hint}>{props.current}</span> : null}
      {props.error ? <p className={css.error}>{props.error}</p> : null}
    </div>
  );
}

const CONTENT_KINDS_SHOWN: readonly ContentKind[] = ["message", "interval", "img", "audio", "video"];

function ContentFields({ data, setData, files, chooseFile, dropFile }: FieldsProps) {
  const { t } = useTranslation();
  const elements = (data as NodeDataByType["content"]).elements;
  const set = (next: ContentElement[]) => setData(() => ({ elements: next }));
  const typeLabel = (kind: ContentKind) =>
    kind === "message" ? t("flowEditor.types.message") : t(`flowEditor.types.${kind}`);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= elements.length) return;
    const next = [...elements];
    [next[from], next[to]] = [next[to], next[from]];
    // Files chosen for the two cards follow them.
    const a = files.get(from);
    const b = files.get(to);
    dropFile(from);
    dropFile(to);
    if (a) chooseFile(to, next[to].type as MediaKind, a);
    if (b) chooseFile(from, next[from].type as MediaKind, b);
    set(next);
  };
  return (
    <>
      {elements.map((element, i) => (
        <fieldset key={i} className={css.card}>
          <legend>{t("flowEditor.dialog.item", { number: i + 1, type: typeLabel(element.type) })}</legend>
          {element.type === "message"
            ? (
              <TextAreaField
                label={t("flowEditor.dialog.message")}
                value={element.value}
                onChange={(value) => set(elements.map((e, j) => j === i ? { ...e, value } : e))}
              />
            )
            : element.type === "interval"
            ? (
              <NumberInput
                label={t("flowEditor.dialog.seconds")}
                value={Number(element.value) || 0}
                minValue={0}
                onChange={(sec) => set(elements.map((e, j) => j === i ? { ...e, value: String(sec) } : e))}
              />
            )
            : (
              <>
                <FileField
                  kind={element.type}
                  current={files.get(i)?.name ?? element.original ?? element.value}
                  onChoose={(file) => chooseFile(i, element.type as MediaKind, file)}
                />
                {element.type === "audio"
                  ? (
                    <SwitchField
                      label={t("flowEditor.dialog.record")}
                      isSelected={element.record ?? true}
                      onChange={(record) => set(elements.map((e, j) => j === i ? { ...e, record } : e))}
                    />
                  )
                  : null}
              </>
            )}
          <div className={css.row}>
            <IconButton
              icon="chevronDown"
              label={t("flowEditor.dialog.moveDown", { number: i + 1 })}
              onPress={() => move(i, i + 1)}
            />
            <IconButton
              icon="delete"
              label={t("flowEditor.dialog.removeItem", { number: i + 1 })}
              onPress={() => {
                dropFile(i);
                set(elements.filter((_, j) => j !== i));
              }}
            />
          </div>
        </fieldset>
      ))}
      <div className={css.chips} role="group" aria-label={t("flowEditor.dialog.contentAdd")}>
        {CONTENT_KINDS_SHOWN.map((kind) => (
          <Button
            key={kind}
            variant="secondary"
            onPress={() =>
              set([
                ...elements,
                kind === "audio" ? { type: kind, value: "", record: true } : { type: kind, value: "" },
              ])}
          >
            {`+ ${typeLabel(kind)}`}
          </Button>
        ))}
      </div>
    </>
  );
}

function ConditionFields({ data, patch, issue }: FieldsProps) {
  const { t } = useTranslation();
  const d = data as NodeDataByType["condition"];
  const answerKeys = storedAnswerKeys();
  return (
    <>
      <SelectField
        label={t("flowEditor.dialog.subject")}
        options={CONDITION_SUBJECTS.map((id) => ({ id, label: t(`flowEditor.dialog.subjects.${id}`) }))}
        value={d.subject}
        onChange={(subject) => patch({ subject: subject as ConditionSubject })}
      />
      {d.subject === "hours" ? null : (
        <>
          <TextInput
            label={t("flowEditor.dialog.key")}
            value={d.key}
            onChange={(key) => patch({ key })}
            error={issue("key")}
            description={d.subject === "variable" && answerKeys.length ? answerKeys.join(", ") : undefined}
            autoComplete="off"
          />
          <SelectField
            label={t("flowEditor.dialog.op")}
            options={CONDITION_OPS.map((id) => ({ id, label: t(`flowEditor.dialog.ops.${id}`) }))}
            value={d.op}
            onChange={(op) => patch({ op: op as ConditionOp })}
          />
          {d.op === "exists" ? null : (
            <TextInput
              label={t("flowEditor.dialog.value")}
              value={d.value}
              onChange={(value) => patch({ value })}
              error={issue("value")}
              autoComplete="off"
            />
          )}
        </>
      )}
    </>
  );
}

/** The randomizer's slider: 0 to 100 in steps of 10 (seed 002 section 5). */
function PercentField({ value, onChange }: { value: number; onChange: (v: number) => void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={css.stack}>
      <label htmlFor={id}>{t("flowEditor.dialog.percent", { percent: value })}</label>
      <input
        id={id}
        type="range"
        min={0}
        max={100}
        step={10}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  );
}

function TicketFields({ data, patch, issue }: FieldsProps) {
  const { t } = useTranslation();
  const d = data as NodeDataByType["ticket"];
  const [queues, setQueues] = useState<QueueRef[]>([]);
  useEffect(() => {
    let live = true;
    api.lists.queues().then((list) => live && setQueues(list), toast.apiError);
    return () => {
      live = false;
    };
  }, []);
  return (
    <SelectField
      label={t("flowEditor.dialog.queue")}
      options={queues.map((q) => ({ id: String(q.id), label: q.name }))}
      value={d.queueId === null ? null : String(d.queueId)}
      onChange={(id) =>
        patch({
          queueId: Number(id),
          queueName: queues.find((q) => String(q.id) === id)?.name,
        })}
      error={issue("queueId")}
      isRequired
    />
  );
}

/**
 * Where each output of the block goes, chosen from a list: wiring without a mouse (a
 * branch may also end the flow there on purpose).
 */
function Wires(
  { node, data, wires, setWires }: {
    node: FlowNode;
    data: AnyData;
    wires: Record<string, string>;
    setWires: (change: (w: Record<string, string>) => Record<string, string>) => void;
  },
) {
  const { t } = useTranslation();
  const shown = { ...node, data } as FlowNode;
  const outputs = outputsOf(shown);
  if (outputs.length === 0) return null;
  const branches = new Set(branchOutputs(shown));
  const targets = graph.value.nodes
    .filter((n) => n.id !== node.id && n.id !== START_ID)
    .map((n) => ({ id: n.id, label: blockLabel(t, n) }));
  return (
    <fieldset className={css.card}>
      <legend>{t("flowEditor.dialog.outputs")}</legend>
      {outputs.map((handle) => {
        const key = handle ?? "";
        const options = [
          { id: "", label: t("flowEditor.dialog.nowhere") },
          ...(handle && branches.has(handle) ? [{ id: END, label: t("flowEditor.dialog.endHere") }] : []),
          ...targets,
        ];
        return (
          <SelectField
            key={key}
            label={t("flowEditor.dialog.goesTo", { output: outputLabel(t, shown, handle) })}
            options={options}
            value={wires[key] ?? ""}
            onChange={(target) => setWires((w) => ({ ...w, [key]: target }))}
          />
        );
      })}
    </fieldset>
  );
}
