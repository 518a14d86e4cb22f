// The OpenAI block's keys (contracts/flowGraph.ts OPENAI_SECRETS) at rest and in answers:
// a version's graph holds them sealed by the secret box, bound to the company and the field
// ("flow.apiKey", "flow.voiceKey"); every answer shows them masked; a save that sends back
// the masked value keeps the key the flow's last version holds for that block (or, for a
// block copied in the editor, the one whose mask it carries), only while the key still goes
// where it was typed for: an apiKey to the same baseUrl, a voiceKey to the same voiceRegion.
// Otherwise whoever edits the flow (supervisors too) could send a stored key to a server of
// their choosing without ever knowing it.
import {
  type FlowGraph,
  type FlowNode,
  type FlowNodeOf,
  OPENAI_SECRETS,
} from "../../../contracts/flowGraph.ts";
import type { FlowProblem } from "../../../contracts/flowCheck.ts";
import { maskSecret, type SecretBox, type SecretPlace } from "../../secrets/box.ts";

type SecretKey = typeof OPENAI_SECRETS[number];

/** Where each secret is sent: a kept key must still go there. */
const DESTINATION: Record<SecretKey, "baseUrl" | "voiceRegion"> = {
  apiKey: "baseUrl",
  voiceKey: "voiceRegion",
};

/** Where an OpenAI block's secret is bound (its company and "flow.<field>"). */
export const blockSecret = (companyId: number, key: SecretKey): SecretPlace => ({
  companyId,
  field: `flow.${key}`,
});

const isMasked = (v: string) => v.startsWith("••••");
const isAgent = (n: FlowNode): n is FlowNodeOf<"openai"> => n.type === "openai";

/** What an answer shows of a sealed key: its mask (one the server can no longer open shows as set). */
async function masked(box: SecretBox, place: SecretPlace, sealed: string) {
  if (!sealed) return "";
  try {
    return maskSecret(await box.open(place, sealed));
  } catch {
    return maskSecret("unreadable");
  }
}

/** The graph as answers show it: the OpenAI blocks' keys masked. */
export async function maskGraph(
  box: SecretBox,
  companyId: number,
  graph: FlowGraph,
): Promise<FlowGraph> {
  if (!graph.nodes.some(isAgent)) return graph;
  const nodes = await Promise.all(graph.nodes.map(async (n) => {
    if (!isAgent(n)) return n;
    const data = { ...n.data };
    for (const key of OPENAI_SECRETS) {
      data[key] = await masked(box, blockSecret(companyId, key), n.data[key]);
    }
    return { ...n, data };
  }));
  return { ...graph, nodes };
}

/**
 * The graph as a version keeps it: keys typed anew sealed, masked ones replaced by the stored
 * key they stand for (`stored`: the flow's last saved graph) if it still goes where it went. A
 * mask that stands for no such key (a block pasted from another flow, a server changed) is a
 * problem: the key must be typed again.
 */
export async function sealGraph(
  box: SecretBox,
  companyId: number,
  graph: FlowGraph,
  stored: FlowGraph | null,
): Promise<{ graph: FlowGraph; problems: FlowProblem[] }> {
  if (!graph.nodes.some(isAgent)) return { graph, problems: [] };
  const problems: FlowProblem[] = [];
  const before = stored?.nodes.filter(isAgent) ?? [];
  const nodes = await Promise.all(graph.nodes.map(async (n) => {
    if (!isAgent(n)) return n;
    const data = { ...n.data };
    for (const key of OPENAI_SECRETS) {
      const given = n.data[key].trim();
      const place = blockSecret(companyId, key);
      if (!isMasked(given)) {
        data[key] = given ? await box.seal(place, given) : "";
        continue;
      }
      const to = n.data[DESTINATION[key]].trim();
      const same = before.filter((b) => b.data[DESTINATION[key]].trim() === to);
      const kept = await keptSecret(box, place, key, given, n.id, same);
      if (kept !== null) data[key] = kept;
      else if (!problems.some((p) => p.nodeId === n.id)) {
        problems.push({ nodeId: n.id, code: "retypeKey" });
      }
    }
    return { ...n, data };
  }));
  return { graph: { ...graph, nodes }, problems };
}

/** The stored key a mask stands for: the same block's, else any block's with that mask; null: none. */
async function keptSecret(
  box: SecretBox,
  place: SecretPlace,
  key: SecretKey,
  mask: string,
  nodeId: string,
  before: FlowNodeOf<"openai">[],
): Promise<string | null> {
  const same = before.find((b) => b.id === nodeId);
  const candidates = same ? [same, ...before.filter((b) => b !== same)] : before;
  for (const b of candidates) {
    const sealed = b.data[key];
    if (sealed && await masked(box, place, sealed) === mask) return sealed;
  }
  return null;
}
