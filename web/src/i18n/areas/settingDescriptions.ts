import type { Widen } from "../widen.ts";

/**
 * One line under each option of Settings > Options saying what it does (keys as in
 * settings.keys). Portuguese is the reference; en and es must have the same keys.
 */
export const settingDescriptionsPt = {
  userRating:
    "Ao resolver um atendimento, passado o tempo de desfazer, pede ao contato uma nota de 1 a 3 com a mensagem de avaliação da conexão.",
  scheduleType:
    "Fora do expediente, responde com a mensagem de fora de expediente: pelos horários da empresa (aba Horários) ou pelos de cada fila.",
  CheckMsgIsGroup: "Mensagens de grupos do WhatsApp são ignoradas e não abrem atendimentos.",
  call:
    "Quando desativado, chamadas de voz e vídeo são recusadas e registradas como perdidas no atendimento do contato.",
  chatBotType: "Formato do menu de filas enviado ao contato: texto com opções numeradas.",
  nameFallback: "O que o nome nas mensagens ({nome}) vira num contato sem nome, ex.: cliente; vazio: a saudação fica sem nome.",
  defaultCountryCode: "Completa números de listas sem DDI (55: 11 99999-8888 vira 5511999998888); vazio: como escritos.",
  botHandoverWords: "Separadas por vírgula: quem escrever uma delas no menu do bot passa na hora para a equipe.",
  flowStopWords: "Separadas por vírgula: quem escrever só uma delas durante um fluxo sai dele e passa para a equipe.",
  sendGreetingAccepted:
    "Ao aceitar um atendimento, envia ao contato uma saudação com o nome do atendente.",
  sendMsgTransfTicket:
    "Ao transferir um atendimento, avisa o contato da nova fila ou do novo atendente.",
  sendGreetingMessageOneQueues:
    "Com uma única fila na conexão, envia a saudação e coloca o atendimento direto nessa fila, sem menu.",
  userCreation:
    "Quando desativado, só super usuários criam usuários; na empresa principal, também fecha o cadastro de novas empresas.",
  sideMenu: "Se o menu lateral começa aberto ou fechado ao entrar no sistema.",
  timeCreateNewTicket:
    "Uma mensagem recebida até este tempo após o encerramento reabre o atendimento; depois dele, abre um novo.",
  timezone:
    "Fuso usado no horário de expediente, nos agendamentos e na variável de hora das mensagens.",
  asaas: "Token do webhook do Asaas, que confirma os pagamentos das faturas. Só super usuários o veem (mascarado) e trocam.",
  allowMultipleSessions:
    "Quando desativado, entrar em outro aparelho encerra a sessão anterior do usuário.",
  weekStart: "Primeiro dia da semana no calendário de agendamentos.",
};

export const settingDescriptionsEn: Widen<typeof settingDescriptionsPt> = {
  userRating:
    "Once a resolved ticket's undo time is over, asks the contact for a rating from 1 to 3 with the connection's rating message.",
  scheduleType:
    "Out of business hours, replies with the out-of-hours message: by the company's hours (Schedules tab) or by each queue's.",
  CheckMsgIsGroup: "Messages from WhatsApp groups are ignored and open no tickets.",
  call:
    "When off, voice and video calls are rejected and logged as missed in the contact's ticket.",
  chatBotType: "How the queue menu is sent to the contact: text with numbered options.",
  nameFallback: "What the name in messages ({nome}) becomes for a contact without one, e.g. customer; empty: no name at all.",
  defaultCountryCode: "Completes list numbers written without it (55: 11 99999-8888 is 5511999998888); empty: as written.",
  botHandoverWords: "Comma-separated: a customer who writes one of them in the bot menu goes to your team at once.",
  flowStopWords: "Comma-separated: a customer who writes just one of them during a flow leaves it for your team.",
  sendGreetingAccepted:
    "When a ticket is accepted, sends the contact a greeting with the agent's name.",
  sendMsgTransfTicket: "When a ticket is transferred, tells the contact the new queue or agent.",
  sendGreetingMessageOneQueues:
    "With a single queue on the connection, sends the greeting and puts the ticket straight into that queue, with no menu.",
  userCreation:
    "When off, only super users create users; on the main company it also closes sign-up to new companies.",
  sideMenu: "Whether the side menu starts open or closed after signing in.",
  timeCreateNewTicket:
    "A message received within this time after closing reopens the ticket; after it, a new ticket opens.",
  timezone: "Time zone of the business hours, the schedules and the hour variable in messages.",
  asaas: "Token of the Asaas webhook, which confirms the invoices' payments. Only super users see it (masked) and change it.",
  allowMultipleSessions:
    "When off, signing in on another device signs the user out of the previous one.",
  weekStart: "First day of the week on the schedules calendar.",
};

export const settingDescriptionsEs: Widen<typeof settingDescriptionsPt> = {
  userRating:
    "Al resolver una atención, pasado el tiempo para deshacer, pide al contacto una nota de 1 a 3 con el mensaje de evaluación de la conexión.",
  scheduleType:
    "Fuera del horario, responde con el mensaje de fuera de horario: según los horarios de la empresa (pestaña Horarios) o los de cada cola.",
  CheckMsgIsGroup: "Los mensajes de grupos de WhatsApp se ignoran y no abren atenciones.",
  call:
    "Si está desactivado, las llamadas de voz y video se rechazan y se registran como perdidas en la atención del contacto.",
  chatBotType: "Formato del menú de colas enviado al contacto: texto con opciones numeradas.",
  nameFallback: "En qué se convierte el nombre en los mensajes ({nome}) sin nombre, ej.: cliente; vacío: saludo sin nombre.",
  defaultCountryCode: "Completa números de listas sin código de país (55: 11 99999-8888 es 5511999998888); vacío: tal cual.",
  botHandoverWords: "Separadas por comas: quien escriba una de ellas en el menú del bot pasa al equipo de inmediato.",
  flowStopWords: "Separadas por comas: quien escriba solo una de ellas durante un flujo sale de él y pasa al equipo.",
  sendGreetingAccepted:
    "Al aceptar una atención, envía al contacto un saludo con el nombre del agente.",
  sendMsgTransfTicket: "Al transferir una atención, avisa al contacto de la nueva cola o agente.",
  sendGreetingMessageOneQueues:
    "Con una sola cola en la conexión, envía el saludo y pone la atención directamente en esa cola, sin menú.",
  userCreation:
    "Si está desactivado, solo los superusuarios crean usuarios; en la empresa principal también cierra el registro de nuevas empresas.",
  sideMenu: "Si el menú lateral empieza abierto o cerrado al iniciar sesión.",
  timeCreateNewTicket:
    "Un mensaje recibido dentro de este tiempo tras el cierre reabre la atención; después, abre una nueva.",
  timezone:
    "Zona horaria del horario de atención, las programaciones y la variable de hora de los mensajes.",
  asaas: "Token del webhook de Asaas, que confirma los pagos de las facturas. Solo los superusuarios lo ven (enmascarado) y lo cambian.",
  allowMultipleSessions:
    "Si está desactivado, entrar en otro dispositivo cierra la sesión anterior del usuario.",
  weekStart: "Primer día de la semana en el calendario de agendamientos.",
};
