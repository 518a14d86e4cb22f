import type { Widen } from "../widen.ts";

/** The queue integrations' error texts (merged into each language's `errors`). */
export const queueIntegrationErrorsPt = {
  ERR_NO_QUEUE_INTEGRATION_FOUND: "Nenhuma integração encontrada com este ID.",
  ERR_QUEUE_INTEGRATION_NAME_EXISTS: "Já existe uma integração com este nome.",
  ERR_QUEUE_INTEGRATION_IN_USE: "Conexões ou filas usam esta integração: escolha outra nelas antes de excluí-la.",
  ERR_DIALOGFLOW_CREDENTIALS: "O JSON não é a chave de uma conta de serviço do Google (client_email, private_key).",
  ERR_DIALOGFLOW_TOKEN_REFUSED: "O Google recusou as credenciais da conta de serviço.",
  ERR_DIALOGFLOW_REFUSED: "O Dialogflow recusou a solicitação.",
  ERR_DIALOGFLOW_UNREACHABLE: "O Dialogflow não respondeu a tempo.",
};

export const queueIntegrationErrorsEn: Widen<typeof queueIntegrationErrorsPt> = {
  ERR_NO_QUEUE_INTEGRATION_FOUND: "No integration found with this ID.",
  ERR_QUEUE_INTEGRATION_NAME_EXISTS: "This integration name is already used.",
  ERR_QUEUE_INTEGRATION_IN_USE: "Connections or queues use this integration: choose another there before deleting it.",
  ERR_DIALOGFLOW_CREDENTIALS: "The JSON is not a Google service account's key (client_email, private_key).",
  ERR_DIALOGFLOW_TOKEN_REFUSED: "Google refused the service account's credentials.",
  ERR_DIALOGFLOW_REFUSED: "Dialogflow refused the request.",
  ERR_DIALOGFLOW_UNREACHABLE: "Dialogflow did not answer in time.",
};

export const queueIntegrationErrorsEs: Widen<typeof queueIntegrationErrorsPt> = {
  ERR_NO_QUEUE_INTEGRATION_FOUND: "No se encontró ninguna integración con este ID.",
  ERR_QUEUE_INTEGRATION_NAME_EXISTS: "Ya existe una integración con este nombre.",
  ERR_QUEUE_INTEGRATION_IN_USE: "Conexiones o colas usan esta integración: elija otra en ellas antes de eliminarla.",
  ERR_DIALOGFLOW_CREDENTIALS: "El JSON no es la clave de una cuenta de servicio de Google (client_email, private_key).",
  ERR_DIALOGFLOW_TOKEN_REFUSED: "Google rechazó las credenciales de la cuenta de servicio.",
  ERR_DIALOGFLOW_REFUSED: "Dialogflow rechazó la solicitud.",
  ERR_DIALOGFLOW_UNREACHABLE: "Dialogflow no respondió a tiempo.",
};
