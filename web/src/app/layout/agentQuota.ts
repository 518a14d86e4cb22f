/**
 * The agents whose model account has no credit (Prompt.quotaAlertAt, set by the server the
 * first time a call meets 429 insufficient_quota), kept current from company-{c}-prompt.
 */
import type { Prompt } from "../../api/prompts.ts";

type Agent = Pick<Prompt, "id" | "name" | "quotaAlertAt">;

/** The names to show, in the list's order. */
export const outOfCredit = (agents: Agent[]): string[] =>
  agents.filter((a) => a.quotaAlertAt !== null).map((a) => a.name);

/** One company-{c}-prompt event applied to the list; anything else leaves it as it is. */
export function applyPromptEvent<T extends Agent>(agents: T[], data: unknown): T[] {
  const e = data as { action?: unknown; prompt?: T; promptId?: unknown } | null;
  if (e?.action === "delete" && typeof e.promptId === "number") {
    return agents.filter((a) => a.id !== e.promptId);
  }
  if ((e?.action === "create" || e?.action === "update") && typeof e.prompt?.id === "number") {
    const prompt = e.prompt;
    return agents.some((a) => a.id === prompt.id)
      ? agents.map((a) => (a.id === prompt.id ? prompt : a))
      : [...agents, prompt];
  }
  return agents;
}
