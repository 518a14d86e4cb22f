import type { Widen } from "../widen.ts";

/**
 * Texts of the composer's colleague warning and of the forced sign-out notice. Portuguese
 * is the reference; en and es must have the same keys.
 */
export const composerPt = {
  colleagueTicket: "Este ticket é de {{name}}",
  colleagueTitle: "Responder no ticket de {{name}}?",
  colleagueMessage:
    "Este ticket é atendido por {{name}}. O contato verá sua resposta neste atendimento. Não perguntaremos de novo neste ticket nesta sessão.",
  colleagueSend: "Enviar mesmo assim",
  signedOutElsewhere:
    "Sua conta foi acessada em outro computador. Entre de novo para continuar; seus rascunhos foram mantidos.",
  quickAttachment: "Anexo da resposta rápida: {{name}}",
  quickAttachmentRemove: "Não enviar o anexo",
  quickHasAttachment: "(com anexo)",
};

export const composerEn: Widen<typeof composerPt> = {
  colleagueTicket: "This ticket belongs to {{name}}",
  colleagueTitle: "Reply in {{name}}'s ticket?",
  colleagueMessage:
    "{{name}} is handling this ticket. The contact will see your reply in this conversation. We won't ask again for this ticket in this session.",
  colleagueSend: "Send anyway",
  signedOutElsewhere:
    "Your account was accessed from another computer. Sign in again to continue; your drafts were kept.",
  quickAttachment: "Quick answer attachment: {{name}}",
  quickAttachmentRemove: "Don't send the attachment",
  quickHasAttachment: "(with attachment)",
};

export const composerEs: Widen<typeof composerPt> = {
  colleagueTicket: "Este ticket es de {{name}}",
  colleagueTitle: "¿Responder en el ticket de {{name}}?",
  colleagueMessage:
    "{{name}} atiende este ticket. El contacto verá su respuesta en esta conversación. No volveremos a preguntar en este ticket en esta sesión.",
  colleagueSend: "Enviar de todos modos",
  signedOutElsewhere:
    "Su cuenta fue accedida desde otra computadora. Entre de nuevo para continuar; sus borradores se conservaron.",
  quickAttachment: "Adjunto de la respuesta rápida: {{name}}",
  quickAttachmentRemove: "No enviar el adjunto",
  quickHasAttachment: "(con adjunto)",
};
