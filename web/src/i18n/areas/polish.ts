import type { Widen } from "../widen.ts";

/**
 * Texts of the desk-wide polish (issue 11): folded form sections, the skip link, the
 * message variables, the schedules' columns. Portuguese is the reference.
 */
export const polishPt = {
  sectionHasErrors: "Contém erros",
  skipToContent: "Pular para o conteúdo",
  disconnectSandbox:
    "Tem certeza? O telefone simulado para de receber e enviar mensagens até você conectar de novo.",
  variables: {
    title: "Variáveis (trocadas pelo valor ao enviar):",
    insert: "Inserir {{variable}}: {{description}}",
    example: "ex.: {{example}}",
    firstName: { description: "primeiro nome do contato", example: "Maria" },
    name: { description: "nome completo do contato", example: "Maria Souza" },
    number: { description: "número do contato", example: "5511999998888" },
    email: { description: "e-mail do contato", example: "maria@exemplo.com" },
    ms: {
      description: "saudação pela hora do dia",
      example: "Bom dia / Boa tarde / Boa noite",
    },
    protocol: { description: "número de protocolo (data e hora)", example: "20261124093015" },
    date: { description: "data de hoje", example: "24/11/2026" },
    hour: { description: "hora atual", example: "09:30" },
    hora: { description: "hora atual com segundos", example: "09:30:15" },
  },
  scheduleColumns: {
    moment: "Horário",
    summary: "Contato e mensagem",
    status: "Status",
    actions: "Ações",
  },
};

export type PolishTexts = Widen<typeof polishPt>;

export const polishEn: PolishTexts = {
  sectionHasErrors: "Has errors",
  skipToContent: "Skip to content",
  disconnectSandbox:
    "Are you sure? The simulated phone stops receiving and sending messages until you connect again.",
  variables: {
    title: "Variables (replaced by their value when sent):",
    insert: "Insert {{variable}}: {{description}}",
    example: "e.g. {{example}}",
    firstName: { description: "contact's first name", example: "Maria" },
    name: { description: "contact's full name", example: "Maria Souza" },
    number: { description: "contact's number", example: "5511999998888" },
    email: { description: "contact's e-mail", example: "maria@example.com" },
    ms: {
      description: "greeting by the time of day",
      example: "Good morning / Good afternoon / Good evening",
    },
    protocol: { description: "protocol number (date and time)", example: "20261124093015" },
    date: { description: "today's date", example: "24/11/2026" },
    hour: { description: "current time", example: "09:30" },
    hora: { description: "current time with seconds", example: "09:30:15" },
  },
  scheduleColumns: {
    moment: "Time",
    summary: "Contact and message",
    status: "Status",
    actions: "Actions",
  },
};

export const polishEs: PolishTexts = {
  sectionHasErrors: "Contiene errores",
  skipToContent: "Saltar al contenido",
  disconnectSandbox:
    "¿Está seguro? El teléfono simulado deja de recibir y enviar mensajes hasta que vuelva a conectarlo.",
  variables: {
    title: "Variables (se reemplazan por su valor al enviar):",
    insert: "Insertar {{variable}}: {{description}}",
    example: "ej.: {{example}}",
    firstName: { description: "nombre de pila del contacto", example: "María" },
    name: { description: "nombre completo del contacto", example: "María Souza" },
    number: { description: "número del contacto", example: "5511999998888" },
    email: { description: "correo del contacto", example: "maria@ejemplo.com" },
    ms: {
      description: "saludo según la hora del día",
      example: "Buenos días / Buenas tardes / Buenas noches",
    },
    protocol: { description: "número de protocolo (fecha y hora)", example: "20261124093015" },
    date: { description: "fecha de hoy", example: "24/11/2026" },
    hour: { description: "hora actual", example: "09:30" },
    hora: { description: "hora actual con segundos", example: "09:30:15" },
  },
  scheduleColumns: {
    moment: "Hora",
    summary: "Contacto y mensaje",
    status: "Estado",
    actions: "Acciones",
  },
};
