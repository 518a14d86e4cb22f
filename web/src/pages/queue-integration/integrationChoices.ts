/** The integrations a connection or a queue may name (seed 001: GET /queueIntegration). */
import type { IntegrationType, QueueIntegration } from "../../api/queueIntegrations.ts";

/** 50 pages of 20: more than a company keeps; past it the list stops instead of paging on. */
export const MAX_PAGES = 50;

type ReadPage = (
  pageNumber: number,
) => Promise<{ queueIntegrations: QueueIntegration[]; hasMore: boolean }>;

/** Every page of the company's integrations, in the server's order (name, then id). */
export async function loadAllIntegrations(
  readPage: ReadPage,
  maxPages = MAX_PAGES,
): Promise<QueueIntegration[]> {
  const all: QueueIntegration[] = [];
  const seen = new Set<number>();
  for (let pageNumber = 1; pageNumber <= maxPages; pageNumber++) {
    const page = await readPage(pageNumber);
    // One created or deleted meanwhile shifts the pages: none is listed twice.
    for (const integration of page.queueIntegrations) {
      if (!seen.has(integration.id)) {
        seen.add(integration.id);
        all.push(integration);
      }
    }
    if (!page.hasMore) break;
  }
  return all;
}

/** The field's options: "none" ("") first, then each integration named with its type. */
export function integrationOptions(
  integrations: readonly Pick<QueueIntegration, "id" | "name" | "type">[],
  texts: { none: string; option: (name: string, type: IntegrationType) => string },
): { id: string; label: string }[] {
  return [
    { id: "", label: texts.none },
    ...integrations.map((integration) => ({
      id: String(integration.id),
      label: texts.option(integration.name, integration.type),
    })),
  ];
}
