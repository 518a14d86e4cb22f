// The Typebot a flow's TypeBot block hands the conversation to: the block's settings, read
// from the version the run walks, in the queue integrations' shape (integrations/which.ts), so
// the integrations' program runs it as it runs a connection's or a queue's. It has no row of
// its own (id 0: no failures kept on a page).
import { nodeById } from "../../../contracts/flowGraph.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import { type AutomationState, FLOW_NODE } from "../state.ts";
import type { Integration } from "../integrations/which.ts";
import { runVersion } from "./runs.ts";
import { versionGraph } from "./versions.ts";

/** A state the TypeBot block of a flow run handed to Typebot (state.ts flowToIntegration). */
export const fromTypebotBlock = (s: AutomationState) =>
  s.program === "integration" && s.runId !== null && typeof s.answers[FLOW_NODE] === "string";

/** The block's Typebot (null: the run, its version or the block is gone). */
export async function blockIntegration(t: Tenant, s: AutomationState): Promise<Integration | null> {
  const versionId = s.runId === null ? null : await runVersion(t, s.runId);
  const graph = versionId === null ? null : await versionGraph(t, versionId);
  const node = graph ? nodeById(graph, s.answers[FLOW_NODE]) : undefined;
  if (node?.type !== "typebot") return null;
  const d = node.data;
  return {
    id: 0,
    type: "typebot",
    name: d.typebotSlug,
    projectName: "",
    jsonContent: "",
    language: "pt-BR",
    urlN8N: d.url,
    typebotSlug: d.typebotSlug,
    typebotExpires: d.typebotExpires,
    typebotDelayMessage: d.typebotDelayMessage,
    typebotKeywordFinish: d.typebotKeywordFinish,
    typebotKeywordRestart: d.typebotKeywordRestart,
    typebotRestartMessage: d.typebotRestartMessage,
    typebotUnknownMessage: d.typebotUnknownMessage,
    promptId: null,
    secret: "",
    flowId: null,
    lastError: "",
    lastErrorAt: null,
    createdAt: "",
    updatedAt: "",
  };
}
