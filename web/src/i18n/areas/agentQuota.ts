import type { Widen } from "../widen.ts";

/**
 * Texts of the admins' notice that an AI agent's model account has no credit (issue 22).
 * Portuguese is the reference; en and es have the same keys.
 */
export const agentQuotaPt = {
  banner_one:
    "O agente de IA “{{names}}” está sem créditos na conta do modelo (429 insufficient_quota): suas conversas vão para a equipe até a conta ter créditos ou a chave ser trocada.",
  banner_other:
    "Os agentes de IA “{{names}}” estão sem créditos na conta do modelo (429 insufficient_quota): suas conversas vão para a equipe até a conta ter créditos ou a chave ser trocada.",
  open: "Ver agentes de IA",
};

export const agentQuotaEn: Widen<typeof agentQuotaPt> = {
  banner_one:
    "The AI agent “{{names}}” has no credit left on its model account (429 insufficient_quota): its conversations go to the team until the account has credit or the key is changed.",
  banner_other:
    "The AI agents “{{names}}” have no credit left on their model account (429 insufficient_quota): their conversations go to the team until the account has credit or the key is changed.",
  open: "See AI agents",
};

export const agentQuotaEs: Widen<typeof agentQuotaPt> = {
  banner_one:
    "El agente de IA “{{names}}” no tiene créditos en la cuenta del modelo (429 insufficient_quota): sus conversaciones van al equipo hasta que la cuenta tenga créditos o se cambie la clave.",
  banner_other:
    "Los agentes de IA “{{names}}” no tienen créditos en la cuenta del modelo (429 insufficient_quota): sus conversaciones van al equipo hasta que la cuenta tenga créditos o se cambie la clave.",
  open: "Ver agentes de IA",
};
