/** Flows (flow builder) and flow campaigns (seed 002 section 7, docs/api.md "Flows"). */
import { request } from "./client.ts";

export interface Flow {
  id: number;
  name: string;
  active: boolean;
  /** The last published version (0 or absent before the first save). */
  version?: number;
}

/** GET /flowbuilder/flow/{id}: the flow and its graph as the original client's wire shape. */
export interface FlowWithGraph extends Flow {
  flow: { nodes: unknown; connections: unknown } | null;
}

/** A block's figures over the last days (from the runs' step log). */
/** A run Testar started. */
export interface FlowTestRun {
  runId: number;
  flowId: number;
  versionId: number;
  ticketId: number;
  ticketUuid: string;
  contactId: number;
  draft: boolean;
}

export interface NodeStats {
  reached: number;
  ended: number;
}

export const FLOW_MATCHES = ["equals", "contains", "startsWith", "regex"] as const;
export type FlowMatch = typeof FLOW_MATCHES[number];

export interface FlowCampaign {
  id: number;
  name: string;
  flowId: number;
  whatsappId: number;
  phrase: string;
  status: boolean;
  /** How the phrase is compared with the message (equals when absent: the original's rule). */
  match?: FlowMatch;
}

export type FlowCampaignInput = Omit<FlowCampaign, "id">;

/** The uploads' answers name the stored file: a bare string or { name } (the original's shapes). */
function storedName(body: unknown): string {
  if (typeof body === "string") return body;
  const name = (body as { name?: unknown } | null)?.name;
  return typeof name === "string" ? name : "";
}

function storedNames(body: unknown): string[] {
  if (Array.isArray(body)) return body.filter((name): name is string => typeof name === "string");
  const names = (body as { names?: unknown } | null)?.names;
  return Array.isArray(names) ? storedNames(names) : [];
}

/** { nodeId: { reached, ended } }, under `nodes` or not, or a list of { nodeId, reached, ended }. */
export function readStats(body: unknown): Record<string, NodeStats> {
  const figures = (v: unknown): NodeStats | null => {
    const r = v as { reached?: unknown; ended?: unknown } | null;
    return r && typeof r.reached === "number" && typeof r.ended === "number"
      ? { reached: r.reached, ended: r.ended }
      : null;
  };
  const found: Record<string, NodeStats> = {};
  const inner = (body as { nodes?: unknown } | null)?.nodes ?? body;
  if (Array.isArray(inner)) {
    for (const row of inner) {
      const id = (row as { nodeId?: unknown } | null)?.nodeId;
      const f = figures(row);
      if (typeof id === "string" && f) found[id] = f;
    }
  } else if (inner && typeof inner === "object") {
    for (const [id, value] of Object.entries(inner)) {
      const f = figures(value);
      if (f) found[id] = f;
    }
  }
  return found;
}

function mediaForm(files: readonly File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append("medias", file, file.name);
  form.append("body", files[0]?.name ?? "");
  form.append("fromMe", "true");
  return form;
}

export const flows = {
  page: (query: { searchParam?: string; pageNumber?: number }) =>
    request<{ flows: Flow[]; hasMore: boolean }>("/flowbuilder", {
      query: { searchParam: query.searchParam, pageNumber: query.pageNumber ?? 1 },
    }).then((answer) => ({ records: answer.flows, hasMore: answer.hasMore })),
  /** Every flow (no pageNumber: the server answers them all, at most 1,000), for the pickers of a flow. */
  all: () => request<{ flows: Flow[] }>("/flowbuilder").then((answer) => answer.flows),
  create: (name: string) => request<Flow>("/flowbuilder", { method: "POST", body: { name } }),
  update: (flowId: number, input: { name: string; active?: boolean }) =>
    request<Flow>("/flowbuilder", { method: "PUT", body: { flowId, ...input } }),
  remove: (id: number) => request<void>(`/flowbuilder/${id}`, { method: "DELETE" }),
  duplicate: (flowId: number) =>
    request<Flow>("/flowbuilder/duplicate", { method: "POST", body: { flowId } }),
  graph: (id: number) =>
    request<{ flow: FlowWithGraph }>(`/flowbuilder/flow/${id}`).then((answer) => answer.flow),
  /** Publishes the graph; a graph the runtime cannot run answers 400 ERR_FLOW_INVALID {problems}. */
  save: (idFlow: number, wire: { nodes: unknown[]; connections: unknown[] }) =>
    request<{ version?: number }>("/flowbuilder/flow", {
      method: "POST",
      body: { idFlow, nodes: wire.nodes, connections: wire.connections },
    }),
  /** One image (png/jpg, 2 MB): the stored file's name, shown from /public/{name}. */
  uploadImage: (file: File) =>
    request<unknown>("/flowbuilder/img", { method: "POST", body: mediaForm([file]) }).then(
      storedName,
    ),
  /** One audio (ogg/mp3, 5 MB), or a video block's mp4: the original's video block posts here too. */
  uploadAudio: (file: File) =>
    request<unknown>("/flowbuilder/audio", { method: "POST", body: mediaForm([file]) }).then(
      storedName,
    ),
  /** A content block's media (images, audios, videos), stored names in the same order. */
  uploadContent: (files: readonly File[]) =>
    request<unknown>("/flowbuilder/content", { method: "POST", body: mediaForm(files) }).then(
      storedNames,
    ),
  /**
   * Testar: plays the draft (the editor's document, in the wire shape) or, without it, the
   * published version against a sandbox phone's customer; a broken draft answers 400
   * ERR_FLOW_INVALID {problems} as a save does.
   */
  test: (
    id: number,
    input: {
      whatsappId: number;
      number: string;
      name?: string;
      draft?: { nodes: unknown[]; connections: unknown[] };
    },
  ) => request<FlowTestRun>(`/flowbuilder/${id}/test`, { method: "POST", body: input }),
  /** Per block, how many runs reached it and how many ended there in the last days. */
  stats: (id: number, days = 30) =>
    request<unknown>(`/flowbuilder/${id}/stats`, { query: { days } }).then(readStats),
};

/** The media a block shows, as the server serves it. */
export const publicUrl = (name: string) => `/public/${encodeURIComponent(name)}`;

export const flowCampaigns = {
  /** Every flow campaign of the company (the original answers { flow: [...] }). */
  list: () =>
    request<{ flow: FlowCampaign[] } | FlowCampaign[]>("/flowcampaign").then((answer) =>
      Array.isArray(answer) ? answer : answer.flow ?? []
    ),
  create: (input: FlowCampaignInput) =>
    request<FlowCampaign>("/flowcampaign", { method: "POST", body: input }),
  update: (id: number, input: FlowCampaignInput) =>
    request<FlowCampaign>("/flowcampaign", { method: "PUT", body: { id, ...input } }),
  remove: (id: number) => request<void>(`/flowcampaign/${id}`, { method: "DELETE" }),
};
