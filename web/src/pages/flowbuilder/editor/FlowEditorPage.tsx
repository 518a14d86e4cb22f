import { useSignals } from "@preact/signals-react/runtime";
import { ReactFlowProvider } from "@xyflow/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Redirect, useLocation } from "wouter";
import type { Flow } from "../../../api/flows.ts";
import { guardLeaving } from "../../../app/leaveGuard.ts";
import { Button } from "../../../components/Button.tsx";
import { IconButton } from "../../../components/IconButton.tsx";
import { PageLoader } from "../../../components/PageLoader.tsx";
import { errorMessage, toast } from "../../../components/toast.ts";
import { api, isApiError } from "../../../api/index.ts";
import { BlockDialog } from "./BlockDialog.tsx";
import * as css from "./editor.css.ts";
import { FlowCanvas } from "./FlowCanvas.tsx";
import { emptyGraph } from "./graphActions.ts";
import { loadFlow, saveFlow } from "./persistence.ts";
import { actions, canRedo, canUndo, dirty, graph } from "./store.ts";
import { EDITOR_TOAST_MS, LOAD_DELAY_MS } from "./timing.ts";
import { nodeStats, openDialog } from "./ui.ts";
import { TestPanel } from "./TestPanel.tsx";
import { useViewer } from "../../tickets/useViewer.ts";

/** /flowbuilder/:id (seed 002): the flow editor; without an id, back to the list. */
export default function FlowEditorPage({ params }: { params: { id?: string } }) {
  const id = Number(params.id);
  if (!params.id || !Number.isInteger(id) || id <= 0) return <Redirect to="/flowbuilders" replace />;
  return (
    <ReactFlowProvider>
      <Editor key={id} id={id} />
    </ReactFlowProvider>
  );
}

function Editor({ id }: { id: number }) {
  useSignals();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [flow, setFlow] = useState<Flow | null>(null);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const viewer = useViewer();

  useEffect(() => {
    actions.load(emptyGraph());
    openDialog.value = null;
    nodeStats.value = {};
    let live = true;
    const timer = setTimeout(() => {
      loadFlow(id).then(
        (loaded) => {
          if (!live) return;
          actions.load(loaded.graph);
          setFlow(loaded.flow);
          setLoading(false);
          // The figures are extra: without them (an older server) the blocks show none.
          api.flows.stats(id).then((found) => live && (nodeStats.value = found), () => {});
        },
        (error) => {
          if (!live) return;
          toast.timed(
            "error",
            isApiError(error) ? errorMessage(error) : t("flowEditor.loadFailed"),
            EDITOR_TOAST_MS,
          );
          setLoading(false);
        },
      );
    }, LOAD_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [id, t]);

  useEffect(() => guardLeaving(() => dirty.value, () => t("flowEditor.leave")), [t]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const key = event.key.toLowerCase();
      if (!(event.ctrlKey || event.metaKey) || (key !== "z" && key !== "y")) return;
      if ((event.target as HTMLElement | null)?.closest?.("input, textarea, [role=dialog]")) return;
      event.preventDefault();
      if (key === "y" || event.shiftKey) actions.redo();
      else actions.undo();
    };
    addEventListener("keydown", onKey);
    return () => removeEventListener("keydown", onKey);
  }, []);

  const save = async () => {
    if (saving || loading) return;
    setSaving(true);
    const document = graph.value;
    try {
      const outcome = await saveFlow(id, document);
      if (outcome.saved) {
        actions.mark([]);
        actions.markSaved(document);
        if (outcome.version !== undefined) {
          setFlow((f) => f ? { ...f, version: outcome.version } : f);
        }
        toast.timed("success", t("flowEditor.saved"), EDITOR_TOAST_MS);
      } else {
        actions.mark(outcome.problems);
        toast.timed("error", t("flowEditor.invalid", { count: outcome.problems.length }), EDITOR_TOAST_MS);
      }
    } catch (error) {
      toast.timed("error", errorMessage(error), EDITOR_TOAST_MS);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className={css.page}>
      <header className={css.header}>
        <IconButton
          icon="chevronLeft"
          label={t("flowEditor.back")}
          onPress={() => navigate("/flowbuilders")}
        />
        <div className={css.titles}>
          <h1 className={css.title}>{t("flowEditor.title")}</h1>
          <span className={css.reminder}>{t("flowEditor.reminder")}</span>
        </div>
        {flow
          ? (
            <span className={css.version}>
              {flow.name} · {flow.version
                ? t("flowEditor.version", { version: flow.version })
                : t("flowEditor.unpublished")}
            </span>
          )
          : null}
        <IconButton
          icon="undo"
          label={t("flowEditor.undo")}
          isDisabled={!canUndo.value}
          onPress={actions.undo}
        />
        <IconButton
          icon="redo"
          label={t("flowEditor.redo")}
          isDisabled={!canRedo.value}
          onPress={actions.redo}
        />
        <Button
          variant="secondary"
          onPress={() => setTesting((open) => !open)}
          isDisabled={loading || !viewer}
          aria-expanded={testing}
        >
          {t("flowEditor.testar.open")}
        </Button>
        <Button onPress={() => void save()} isPending={saving} isDisabled={loading}>
          {t("flowEditor.save")}
        </Button>
      </header>
      <p className={css.hint}>{t("flowEditor.keyboardHint")}</p>
      <div className={css.workArea}>
        <div className={css.canvasWrap}>
          {loading
            ? (
              <div className={css.loading} role="status">
                <PageLoader />
                <span>{t("flowEditor.loading")}</span>
              </div>
            )
            : null}
          <FlowCanvas name={flow?.name ?? ""} />
        </div>
        {testing && viewer
          ? (
            <TestPanel
              flowId={id}
              companyId={viewer.companyId}
              published={!!flow?.version}
              onClose={() => setTesting(false)}
            />
          )
          : null}
      </div>
      <BlockDialog />
    </div>
  );
}
