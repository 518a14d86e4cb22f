import type { Widen } from "../widen.ts";

/** The queue integrations' error texts (merged into each language's `errors`). */
export const queueIntegrationErrorsPt = {
  ERR_DIALOGFLOW_CREDENTIALS: "O JSON não é a chave de uma conta de serviço do Google (client_email, private_key).",
  ERR_DIALOGFLOW_TOKEN_REFUSED: "O Google recusou as credenciais da conta de serviço.",
  ERR_DIALOGFLOW_REFUSED: "O Dialogflow recusou a solicitação.",
  ERR_DIALOGFLOW_UNREACHABLE: "O Dialogflow não respondeu a tempo.",
};

export const queueIntegrationErrorsEn: Widen<typeof queueIntegrationErrorsPt> = {
  ERR_DIALOGFLOW_CREDENTIALS: "The JSON is not a Google service account's key (client_email, private_key).",
  ERR_DIALOGFLOW_TOKEN_REFUSED: "Google refused the service account's credentials.",
  ERR_DIALOGFLOW_REFUSED: "Dialogflow refused the request.",
  ERR_DIALOGFLOW_UNREACHABLE: "Dialogflow did not answer in time.",
};

export const queueIntegrationErrorsEs: Widen<typeof queueIntegrationErrorsPt> = {
  ERR_DIALOGFLOW_CREDENTIALS: "El JSON no es la clave de una cuenta de servicio de Google (client_email, private_key).",
  ERR_DIALOGFLOW_TOKEN_REFUSED: "Google rechazó las credenciales de la cuenta de servicio.",
  ERR_DIALOGFLOW_REFUSED: "Dialogflow rechazó la solicitud.",
  ERR_DIALOGFLOW_UNREACHABLE: "Dialogflow no respondió a tiempo.",
};
