import type { Widen } from "../widen.ts";

/**
 * Texts of the conversation's timeline beyond its messages: the contact's earlier tickets,
 * a waiting ticket read before accepting it, internal notes inline and in the contact panel.
 * Portuguese is the reference; en and es must have the same keys.
 */
export const threadPt = {
  history: {
    divider: "Atendimento anterior · {{from}} – {{to}}",
    dividerOpen: "Atendimento anterior · desde {{from}}",
    by: "Atendente: {{name}}",
    noUser: "Sem atendente",
    queue: "Fila: {{name}}",
    loading: "Carregando atendimentos anteriores…",
  },
  pending: {
    banner: "Ticket aguardando: leia a conversa e aceite para responder.",
  },
  modes: {
    label: "Escrever",
    reply: "Responder",
    note: "Nota interna",
  },
  note: {
    label: "Nota interna",
    placeholder: "Escreva uma nota interna (o cliente não a vê)",
    add: "Adicionar nota",
    tooShort: "A nota precisa de pelo menos 2 caracteres.",
    by: "{{name}} · {{time}}",
    autoLabel: "Automático",
    autoBy: "Fluxo · {{time}}",
    delete: "Excluir nota",
    deleteTitle: "Excluir nota?",
    deleteMessage: "Esta nota será excluída permanentemente.",
    deleted: "Nota excluída.",
  },
  contactNotes: {
    title: "Notas de atendimentos anteriores",
    empty: "Nenhuma nota em outros atendimentos.",
    ticket: "Ticket #{{id}} · {{date}}",
    noTicket: "Ticket excluído",
    more: "Carregar mais notas",
  },
};

type Thread = Widen<typeof threadPt>;

export const threadEn: Thread = {
  history: {
    divider: "Earlier conversation · {{from}} – {{to}}",
    dividerOpen: "Earlier conversation · since {{from}}",
    by: "Agent: {{name}}",
    noUser: "No agent",
    queue: "Queue: {{name}}",
    loading: "Loading earlier conversations…",
  },
  pending: {
    banner: "Waiting ticket: read the conversation and accept it to reply.",
  },
  modes: {
    label: "Write",
    reply: "Reply",
    note: "Internal note",
  },
  note: {
    label: "Internal note",
    placeholder: "Write an internal note (the customer does not see it)",
    add: "Add note",
    tooShort: "The note needs at least 2 characters.",
    by: "{{name}} · {{time}}",
    autoLabel: "Automatic",
    autoBy: "Flow · {{time}}",
    delete: "Delete note",
    deleteTitle: "Delete note?",
    deleteMessage: "This note will be deleted permanently.",
    deleted: "Note deleted.",
  },
  contactNotes: {
    title: "Notes from earlier conversations",
    empty: "No notes on other conversations.",
    ticket: "Ticket #{{id}} · {{date}}",
    noTicket: "Deleted ticket",
    more: "Load more notes",
  },
};

export const threadEs: Thread = {
  history: {
    divider: "Atención anterior · {{from}} – {{to}}",
    dividerOpen: "Atención anterior · desde {{from}}",
    by: "Agente: {{name}}",
    noUser: "Sin agente",
    queue: "Cola: {{name}}",
    loading: "Cargando atenciones anteriores…",
  },
  pending: {
    banner: "Ticket en espera: lea la conversación y acéptelo para responder.",
  },
  modes: {
    label: "Escribir",
    reply: "Responder",
    note: "Nota interna",
  },
  note: {
    label: "Nota interna",
    placeholder: "Escriba una nota interna (el cliente no la ve)",
    add: "Agregar nota",
    tooShort: "La nota necesita al menos 2 caracteres.",
    by: "{{name}} · {{time}}",
    autoLabel: "Automático",
    autoBy: "Flujo · {{time}}",
    delete: "Eliminar nota",
    deleteTitle: "¿Eliminar nota?",
    deleteMessage: "Esta nota se eliminará permanentemente.",
    deleted: "Nota eliminada.",
  },
  contactNotes: {
    title: "Notas de atenciones anteriores",
    empty: "Ninguna nota en otras atenciones.",
    ticket: "Ticket #{{id}} · {{date}}",
    noTicket: "Ticket eliminado",
    more: "Cargar más notas",
  },
};
