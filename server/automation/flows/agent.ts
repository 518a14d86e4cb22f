// The agent a flow's OpenAI block hands the conversation to: the block's settings, read from
// the version the run walks, in the AI agents' shape (agents/ask.ts Agent), so the agents'
// program runs it as it runs a connection's or a queue's. Its keys stay sealed, bound to the
// block's fields (modules/flows/secrets.ts); it has no row of its own (id 0, no usage kept).
import { nodeById, OPENAI_BLOCK_DEFAULTS } from "../../../contracts/flowGraph.ts";
import type { Tenant } from "../../tenancy/registry.ts";
import { type AutomationState, FLOW_NODE } from "../state.ts";
import type { Agent } from "../agents/ask.ts";
import { runVersion } from "./runs.ts";
import { versionGraph } from "./versions.ts";

/** A state the OpenAI block of a flow run handed to its agent (state.ts flowToAgent). */
export const fromFlowBlock = (s: AutomationState) =>
  s.program === "agent" && s.runId !== null && typeof s.answers[FLOW_NODE] === "string";

/** The block's agent (null: the run, its version or the block is gone). */
export async function blockAgent(t: Tenant, s: AutomationState): Promise<Agent | null> {
  const versionId = s.runId === null ? null : await runVersion(t, s.runId);
  const graph = versionId === null ? null : await versionGraph(t, versionId);
  const node = graph ? nodeById(graph, s.answers[FLOW_NODE]) : undefined;
  if (node?.type !== "openai") return null;
  const d = node.data;
  return {
    id: 0,
    name: d.name,
    prompt: d.prompt,
    baseUrl: d.baseUrl || null,
    apiKey: d.apiKey,
    assistantId: "",
    model: d.model || OPENAI_BLOCK_DEFAULTS.model,
    temperature: d.temperature,
    maxTokens: d.maxTokens,
    // The block has none: the server's own default (1, no cut).
    topP: 1,
    maxMessages: d.maxMessages,
    queueId: d.queueId,
    voice: d.voice,
    voiceKey: d.voiceKey,
    voiceRegion: d.voiceRegion,
    promptTokens: 0,
    completionTokens: 0,
    totalTokens: 0,
    quotaAlertAt: null,
    createdAt: "",
    updatedAt: "",
  };
}
