import type { Widen } from "../widen.ts";

/** The AI agents' error codes (server/errors/catalogue.ts "AI agents"), spread into each language's errors. */
export const promptErrorsPt = {
  ERR_NO_PROMPT_FOUND: "Nenhum prompt encontrado com este ID.",
  ERR_PROMPT_NAME_EXISTS: "Já existe um prompt com este nome.",
  ERR_PROMPT_IN_USE: "Conexões ou filas respondem com este prompt: escolha outro (ou nenhum) nelas antes.",
  ERR_AI_CALL_FAILED: "O servidor do modelo recusou ou não respondeu.",
};

export const promptErrorsEn: Widen<typeof promptErrorsPt> = {
  ERR_NO_PROMPT_FOUND: "No prompt found with this ID.",
  ERR_PROMPT_NAME_EXISTS: "A prompt with this name already exists.",
  ERR_PROMPT_IN_USE: "Connections or queues answer with this prompt: choose another (or none) there first.",
  ERR_AI_CALL_FAILED: "The model's server refused or did not answer.",
};

export const promptErrorsEs: Widen<typeof promptErrorsPt> = {
  ERR_NO_PROMPT_FOUND: "No se encontró ningún prompt con este ID.",
  ERR_PROMPT_NAME_EXISTS: "Ya existe un prompt con este nombre.",
  ERR_PROMPT_IN_USE: "Conexiones o colas responden con este prompt: elija otro (o ninguno) en ellas antes.",
  ERR_AI_CALL_FAILED: "El servidor del modelo rechazó o no respondió.",
};
