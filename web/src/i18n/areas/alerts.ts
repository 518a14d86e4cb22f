import type { Widen } from "../widen.ts";

/**
 * Texts of the desk's alerts (issue 11): resolving with undo, the list's splitter, the
 * tab title's count. Portuguese is the reference; en and es must have the same keys.
 */
export const alertsPt = {
  resolved: "Ticket resolvido",
  undo: "Desfazer",
  undone: "Ticket reaberto como estava",
  confirmTitle: "Resolver ticket de outra pessoa",
  confirmMessage: "Este ticket é de {{name}}. Resolver mesmo assim?",
  confirmResolve: "Resolver",
  splitter: "Largura da lista de tickets",
  newTicket: "Novo atendimento de {{name}}",
  unreadTab_one: "{{count}} conversa não lida",
  unreadTab_other: "{{count}} conversas não lidas",
};

export const alertsEn: Widen<typeof alertsPt> = {
  resolved: "Ticket resolved",
  undo: "Undo",
  undone: "Ticket reopened as it was",
  confirmTitle: "Resolve someone else's ticket",
  confirmMessage: "This ticket belongs to {{name}}. Resolve it anyway?",
  confirmResolve: "Resolve",
  splitter: "Ticket list width",
  newTicket: "New ticket from {{name}}",
  unreadTab_one: "{{count}} unread conversation",
  unreadTab_other: "{{count}} unread conversations",
};

export const alertsEs: Widen<typeof alertsPt> = {
  resolved: "Ticket resuelto",
  undo: "Deshacer",
  undone: "Ticket reabierto como estaba",
  confirmTitle: "Resolver el ticket de otra persona",
  confirmMessage: "Este ticket es de {{name}}. ¿Resolverlo de todos modos?",
  confirmResolve: "Resolver",
  splitter: "Ancho de la lista de tickets",
  newTicket: "Nueva atención de {{name}}",
  unreadTab_one: "{{count}} conversación no leída",
  unreadTab_other: "{{count}} conversaciones no leídas",
};
