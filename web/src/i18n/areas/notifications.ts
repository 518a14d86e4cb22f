import type { Widen } from "../widen.ts";

/** Texts of the notifications area. Portuguese is the reference; en and es must have the same keys. */
export const notificationsPt = {
  bell: "Notificações",
  bellCount_one: "Notificações: {{count}} atendimento precisa de atenção",
  bellCount_other: "Notificações: {{count}} atendimentos precisam de atenção",
  title: "Notificações",
  list: "Atendimentos que precisam de atenção",
  empty: "Nenhuma notificação",
  waiting: "Aguardando",
  unread_one: "{{count}} mensagem não lida",
  unread_other: "{{count}} mensagens não lidas",
  enableBrowser: "Ativar notificações do navegador",
  browserEnabled: "Notificações do navegador ativadas.",
  browserDenied:
    "As notificações do navegador estão bloqueadas. Libere-as nas configurações do navegador.",
  browserUnsupported: "Este navegador não exibe notificações.",
  newMessage: "Nova mensagem de {{name}}",
  media: "Mídia",
};

export const notificationsEn: Widen<typeof notificationsPt> = {
  bell: "Notifications",
  bellCount_one: "Notifications: {{count}} ticket needs attention",
  bellCount_other: "Notifications: {{count}} tickets need attention",
  title: "Notifications",
  list: "Tickets that need attention",
  empty: "No notifications",
  waiting: "Waiting",
  unread_one: "{{count}} unread message",
  unread_other: "{{count}} unread messages",
  enableBrowser: "Turn on browser notifications",
  browserEnabled: "Browser notifications turned on.",
  browserDenied: "Browser notifications are blocked. Allow them in the browser settings.",
  browserUnsupported: "This browser does not show notifications.",
  newMessage: "New message from {{name}}",
  media: "Media",
};

export const notificationsEs: Widen<typeof notificationsPt> = {
  bell: "Notificaciones",
  bellCount_one: "Notificaciones: {{count}} atención necesita su atención",
  bellCount_other: "Notificaciones: {{count}} atenciones necesitan su atención",
  title: "Notificaciones",
  list: "Atenciones que necesitan su atención",
  empty: "Ninguna notificación",
  waiting: "Esperando",
  unread_one: "{{count}} mensaje no leído",
  unread_other: "{{count}} mensajes no leídos",
  enableBrowser: "Activar notificaciones del navegador",
  browserEnabled: "Notificaciones del navegador activadas.",
  browserDenied:
    "Las notificaciones del navegador están bloqueadas. Permítalas en la configuración del navegador.",
  browserUnsupported: "Este navegador no muestra notificaciones.",
  newMessage: "Nuevo mensaje de {{name}}",
  media: "Multimedia",
};
