import type { Widen } from "../widen.ts";

/**
 * Texts of where a queue integration answers (issue 22): the connection's and the queue's
 * integration fields (seed 001 names it "Integração") and a failure shown on the integration
 * page. Portuguese is the reference; en and es have the same keys.
 */
export const integrationsAtWorkPt = {
  field: "Integração",
  none: "Nenhuma",
  /** An option of the field: the integration and its type. */
  option: "{{name}} ({{type}})",
  connectionHint:
    "Responde as conversas sem fila desta conexão até passá-las para a equipe (fluxos e o agente de IA vêm antes).",
  queueHint:
    "Assume as conversas que o menu põe nesta fila (um Typebot fala primeiro) até passá-las para a equipe.",
  notInPlan: "Seu plano não inclui integrações.",
  failed: "Falhou em {{time}}",
  failedHint: "Última falha: {{error}}",
};

export const integrationsAtWorkEn: Widen<typeof integrationsAtWorkPt> = {
  field: "Integration",
  none: "None",
  option: "{{name}} ({{type}})",
  connectionHint:
    "Answers this connection's conversations without a queue until it hands them to the team (flows and the AI agent come first).",
  queueHint:
    "Takes the conversations the menu puts in this queue (a Typebot speaks first) until it hands them to the team.",
  notInPlan: "Your plan does not include integrations.",
  failed: "Failed on {{time}}",
  failedHint: "Last failure: {{error}}",
};

export const integrationsAtWorkEs: Widen<typeof integrationsAtWorkPt> = {
  field: "Integración",
  none: "Ninguna",
  option: "{{name}} ({{type}})",
  connectionHint:
    "Responde las conversaciones sin cola de esta conexión hasta pasarlas al equipo (los flujos y el agente de IA van antes).",
  queueHint:
    "Toma las conversaciones que el menú pone en esta cola (un Typebot habla primero) hasta pasarlas al equipo.",
  notInPlan: "Tu plan no incluye integraciones.",
  failed: "Falló el {{time}}",
  failedHint: "Último fallo: {{error}}",
};
