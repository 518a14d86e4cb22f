import type { Widen } from "../widen.ts";

/**
 * Texts of the flow editor's OpenAI and TypeBot blocks (seed 002); their fields' labels are
 * the AI agents' and the queue integrations' own. `problems` joins flows.problems.
 */
export const flowAiBlocksPt = {
  openaiHint:
    "Ao chegar aqui, o agente responde o cliente até passar a conversa para a fila escolhida (ou encerrá-la); o fluxo termina então.",
  problems: {
    emptyName: "Dê um nome ao agente (até 100 caracteres)",
    emptyPrompt: "Escreva o prompt do agente",
    emptyModel: "Informe o modelo",
    badMaxTokens: "Máximo de tokens deve ser um inteiro de 1 a 128000",
    badTemperature: "Temperatura deve ser de 0 a 2",
    badMaxMessages: "Máximo de mensagens deve ser um inteiro de 1 a 100",
    badUrl: "Informe uma URL http(s)",
    noApiKey: "A API Key é obrigatória para a OpenAI (um servidor próprio pode não pedir)",
    emptySlug: "Informe o slug do Typebot",
    badExpires: "Tempo para expirar deve ser de 0 a 43200 minutos",
    badDelay: "Intervalo entre mensagens deve ser de 0 a 60000 ms",
    retypeKey: "Digite a chave de novo: o servidor mudou, ou a chave mascarada não é deste bloco",
  },
};

export const flowAiBlocksEn: Widen<typeof flowAiBlocksPt> = {
  openaiHint:
    "Once here, the agent answers the customer until it hands the conversation to the chosen queue (or closes it); the flow then ends.",
  problems: {
    emptyName: "Give the agent a name (up to 100 characters)",
    emptyPrompt: "Write the agent's prompt",
    emptyModel: "Enter the model",
    badMaxTokens: "Max tokens must be a whole number from 1 to 128000",
    badTemperature: "Temperature must be from 0 to 2",
    badMaxMessages: "Max messages must be a whole number from 1 to 100",
    badUrl: "Enter an http(s) URL",
    noApiKey: "The API key is required for OpenAI (a server of your own may not need one)",
    emptySlug: "Enter the Typebot slug",
    badExpires: "Expiry must be from 0 to 43200 minutes",
    badDelay: "The delay between messages must be from 0 to 60000 ms",
    retypeKey: "Type the key again: the server changed, or the masked key is not this block's",
  },
};

export const flowAiBlocksEs: Widen<typeof flowAiBlocksPt> = {
  openaiHint:
    "Al llegar aquí, el agente responde al cliente hasta pasar la conversación a la cola elegida (o cerrarla); entonces el flujo termina.",
  problems: {
    emptyName: "Dé un nombre al agente (hasta 100 caracteres)",
    emptyPrompt: "Escriba el prompt del agente",
    emptyModel: "Indique el modelo",
    badMaxTokens: "Máximo de tokens debe ser un entero de 1 a 128000",
    badTemperature: "La temperatura debe ser de 0 a 2",
    badMaxMessages: "Máximo de mensajes debe ser un entero de 1 a 100",
    badUrl: "Indique una URL http(s)",
    noApiKey: "La API Key es obligatoria para OpenAI (un servidor propio puede no pedirla)",
    emptySlug: "Indique el slug del Typebot",
    badExpires: "El tiempo para expirar debe ser de 0 a 43200 minutos",
    badDelay: "El intervalo entre mensajes debe ser de 0 a 60000 ms",
    retypeKey: "Escriba la clave de nuevo: el servidor cambió, o la clave enmascarada no es de este bloque",
  },
};
