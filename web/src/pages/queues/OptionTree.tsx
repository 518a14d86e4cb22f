import { useSignals } from "@preact/signals-react/runtime";
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { FieldError, Input, Label, TextField } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { QueueOption } from "../../api/queues.ts";
import { company } from "../../app/session.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useRealtimeReconnect } from "../../app/useRealtimeReconnect.ts";
import { Button } from "../../components/Button.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import * as controls from "../../components/controls.css.ts";
import { Icon } from "../../components/Icon.tsx";
import { IconButton } from "../../components/IconButton.tsx";
import { TextAreaField } from "../../components/TextAreaField.tsx";
import { toast } from "../../components/toast.ts";
import { useIssues } from "../../lib/useIssues.ts";
import {
  applyOptionEvent,
  asOptionEvent,
  buildTree,
  loadAllOptions,
  type OptionEvent,
  type OptionField,
  type OptionNode,
  TITLE_MAX,
  validateOption,
} from "./optionTree.ts";
import * as css from "./queues.css.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";

/**
 * What the one open editor is doing: changing an option, or adding one under a parent
 * (null: top), opened from an option's buttons (from) or the add button (null).
 */
type Editing = { id: number } | { parentId: number | null; label: string; from: number | null };

/** Where the keyboard goes once an editor or a deletion is done: an option's first button, or the add button. */
type FocusTarget = number | "add";

/**
 * The queue's option menu: the tree in view mode, one entry at a time in edit mode. Every
 * change is saved at once (the menu needs the queue's id, so only saved queues have one).
 */
export function OptionTree({ queueId }: { queueId: number }) {
  useSignals();
  const { t } = useTranslation();
  const [options, setOptions] = useState<QueueOption[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<OptionNode | null>(null);
  const [focusTo, setFocusTo] = useState<FocusTarget | null>(null);
  const container = useRef<HTMLDivElement>(null);

  // The editor (or the confirmation) that had the focus is gone: hand it to what comes
  // next, so a keyboard user is not thrown back to the top of the dialog.
  useEffect(() => {
    if (focusTo === null || deleting !== null) return;
    const selector = focusTo === "add"
      ? "[data-add-option] button"
      : `li[data-option-id="${focusTo}"] button`;
    container.current?.querySelector<HTMLElement>(selector)?.focus();
    setFocusTo(null);
  }, [focusTo, deleting, options]);

  const close = (target: FocusTarget) => {
    setEditing(null);
    setFocusTo(target);
  };
  const cancel = () => {
    if (editing) close("id" in editing ? editing.id : editing.from ?? "add");
  };

  const reload = useCallback(async () => {
    setFailed(false);
    try {
      setOptions(await loadAllOptions(queueId, api.queues.options));
    } catch (error) {
      setFailed(true);
      toast.failure(error, t("queues.options.loadError"));
    }
  }, [queueId, t]);

  useEffect(() => {
    void reload();
  }, [reload]);
  useRealtimeReconnect(() => void reload());

  const apply = (event: OptionEvent) =>
    setOptions((previous) => previous && applyOptionEvent(previous, event, queueId));
  const companyId = company.value?.id;
  useRealtimeEvent(companyId ? companyEvent(companyId, "queueOption") : null, (data) => {
    const event = asOptionEvent(data);
    if (event) apply(event);
  });

  const save = async (values: { title: string; message: string }) => {
    if (!editing) return;
    const saved = "id" in editing
      ? await api.queues.updateOption(editing.id, values)
      : await api.queues.createOption({ queueId, parentId: editing.parentId, ...values });
    apply({ action: "id" in editing ? "update" : "create", record: saved });
    toast.success(t("queues.options.saved"));
    close(saved.id);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await api.queues.removeOption(deleting.id);
      toast.success(t("queues.options.deleted"));
      // The siblings were renumbered: read the menu again rather than wait for their events.
      await reload();
      setFocusTo("add");
    } catch (error) {
      toast.apiError(error);
    }
  };

  if (options === null) {
    return failed
      ? (
        <div className={css.section}>
          <p className={css.intro}>{t("queues.options.loadError")}</p>
          <div>
            <Button variant="secondary" onPress={() => void reload()}>
              {t("queues.options.retry")}
            </Button>
          </div>
        </div>
      )
      : <p className={css.intro}>{t("queues.options.loading")}</p>;
  }
  const tree = buildTree(options);

  const draftAt = (parentId: number | null) =>
    editing && !("id" in editing) && editing.parentId === parentId
      ? (
        <li>
          <div className={css.node}>
            <span className={css.nodeNumber} aria-hidden="true">+</span>
            <OptionEditor
              title={editing.label}
              initial={null}
              onSave={save}
              onCancel={cancel}
            />
          </div>
        </li>
      )
      : null;

  const renderNode = (node: OptionNode) => {
    const inEdit = editing !== null && "id" in editing && editing.id === node.id;
    const hasSub = node.children.length > 0 ||
      (editing !== null && !("id" in editing) && editing.parentId === node.id);
    return (
      <li key={node.id} data-option-id={node.id} aria-label={`${node.path} ${node.title}`}>
        <div className={css.node}>
          <span className={css.nodeNumber}>{node.path}</span>
          {inEdit
            ? (
              <OptionEditor
                title={t("queues.options.editing", { path: node.path })}
                initial={node}
                onSave={save}
                onCancel={cancel}
              />
            )
            : (
              <>
                <div className={css.nodeText}>
                  <span className={css.nodeTitle}>{node.title}</span>
                  <span className={css.nodeMessage}>
                    {node.message || t("queues.options.noMessage")}
                  </span>
                </div>
                <div className={css.nodeActions}>
                  <IconButton
                    icon="edit"
                    label={t("queues.options.edit", { path: node.path })}
                    onPress={() => setEditing({ id: node.id })}
                  />
                  <IconButton
                    icon="subItem"
                    label={t("queues.options.addChild", { path: node.path })}
                    onPress={() =>
                      setEditing({
                        parentId: node.id,
                        label: t("queues.options.newUnder", { path: node.path }),
                        from: node.id,
                      })}
                  />
                  <IconButton
                    icon="add"
                    label={t("queues.options.addSibling", { path: node.path })}
                    onPress={() =>
                      setEditing({
                        parentId: node.parentId,
                        label: t("queues.options.newOption"),
                        from: node.id,
                      })}
                  />
                  <IconButton
                    icon="delete"
                    label={t("queues.options.delete", { path: node.path })}
                    onPress={() => setDeleting(node)}
                  />
                </div>
              </>
            )}
        </div>
        {hasSub
          ? (
            <ul className={css.subtree}>
              {node.children.map(renderNode)}
              {draftAt(node.id)}
            </ul>
          )
          : null}
      </li>
    );
  };

  return (
    <div className={css.section} ref={container}>
      <p className={css.intro}>{t("queues.options.intro")}</p>
      {tree.length === 0 && !editing
        ? <p className={css.intro}>{t("queues.options.empty")}</p>
        : null}
      <ul className={css.tree} aria-label={t("queues.options.tree")}>
        {tree.map(renderNode)}
        {draftAt(null)}
      </ul>
      <div data-add-option>
        <Button
          variant="secondary"
          onPress={() =>
            setEditing({ parentId: null, label: t("queues.options.newOption"), from: null })}
        >
          <Icon name="add" size={18} />
          {t("queues.options.add")}
        </Button>
      </div>
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("queues.options.deleteTitle")}
        message={t("queues.options.deleteMessage", {
          path: deleting?.path ?? "",
          title: deleting?.title ?? "",
        })}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

interface EditorProps {
  title: string;
  initial: QueueOption | null;
  onSave: (values: { title: string; message: string }) => Promise<void>;
  onCancel: () => void;
}

/**
 * One option in edit mode. It sits inside the queue dialog's form, so Enter in the title
 * saves the option (not the queue) and Escape leaves edit mode (not the dialog).
 */
function OptionEditor({ title, initial, onSave, onCancel }: EditorProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState({
    title: initial?.title ?? "",
    message: initial?.message ?? "",
  });
  const [busy, setBusy] = useState(false);
  const issues = useIssues<OptionField>(() => validateOption(values));

  const submit = async () => {
    if (busy || !issues.check()) return;
    setBusy(true);
    try {
      await onSave({ title: values.title.trim(), message: values.message });
    } catch (error) {
      issues.fromError(error);
      toast.apiError(error);
      setBusy(false);
    }
  };

  const keys = (event: KeyboardEvent, enterSaves: boolean) => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onCancel();
    } else if (event.key === "Enter" && enterSaves) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <div
      className={css.editor}
      role="group"
      aria-label={title}
      onKeyDown={(event) => keys(event, false)}
    >
      <TextField
        className={controls.field}
        value={values.title}
        onChange={(text) => setValues((previous) => ({ ...previous, title: text }))}
        isInvalid={Boolean(issues.text("title"))}
        maxLength={TITLE_MAX}
        autoFocus
        validationBehavior="aria"
      >
        <Label className={controls.label}>{t("queues.options.titleLabel")}</Label>
        <Input className={controls.input} onKeyDown={(event) => keys(event, true)} />
        <FieldError className={controls.error}>{issues.text("title")}</FieldError>
      </TextField>
      <TextAreaField
        label={t("queues.options.messageLabel")}
        value={values.message}
        onChange={(message) => setValues((previous) => ({ ...previous, message }))}
        error={issues.text("message")}
        description={t("queues.options.messageHint")}
        rows={2}
      />
      <div className={css.editorActions}>
        <Button variant="secondary" onPress={onCancel}>{t("queues.options.cancel")}</Button>
        <Button isPending={busy} onPress={() => void submit()}>{t("queues.options.save")}</Button>
      </div>
    </div>
  );
}
