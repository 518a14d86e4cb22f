import type { Widen } from "../widen.ts";

/**
 * Texts of where an AI agent answers (issue 22, docs/api.md "AI agents at work"): the
 * connection's and the queue's agent fields. Portuguese is the reference; en and es have
 * the same keys.
 */
export const agentsPt = {
  field: "Agente de IA",
  none: "Nenhum",
  connectionHint:
    "Responde as conversas sem fila nesta conexão até passá-las para a equipe (fluxos vêm antes).",
  queueHint: "Responde as conversas que entram nesta fila pelo menu até passá-las para a equipe.",
  notInPlan: "Seu plano não inclui agentes de IA.",
};

export const agentsEn: Widen<typeof agentsPt> = {
  field: "AI agent",
  none: "None",
  connectionHint:
    "Answers this connection's conversations without a queue until it hands them to the team (flows come first).",
  queueHint:
    "Answers the conversations the menu puts in this queue until it hands them to the team.",
  notInPlan: "Your plan does not include AI agents.",
};

export const agentsEs: Widen<typeof agentsPt> = {
  field: "Agente de IA",
  none: "Ninguno",
  connectionHint:
    "Responde las conversaciones sin cola de esta conexión hasta pasarlas al equipo (los flujos van antes).",
  queueHint: "Responde las conversaciones que el menú pone en esta cola hasta pasarlas al equipo.",
  notInPlan: "Tu plan no incluye agentes de IA.",
};
