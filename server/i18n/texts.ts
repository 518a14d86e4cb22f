// What the company says to its customers by itself (automatic replies, notices, the
// rating scale, the {{ms}} greeting) and the labels it stores for them, in the company's
// language. The interface's strings are the web's (web/src/i18n); these go out through
// WhatsApp or into the records, so they live on the server. {{placeholders}} that text()
// is not given stay as written: the message variables ({{ms}}, {{name}}) are rendered
// later, on the way out.
import type { Lang } from "../tenancy/registry.ts";

const pt = {
  "call.disabled":
    "*Mensagem Automática:*\nAs chamadas de voz e vídeo estão desabilitadas para este WhatsApp, por favor, envie uma mensagem de texto.",
  "call.missedVoice": "Chamada de voz perdida às {{time}}",
  "call.missedVideo": "Chamada de vídeo perdida às {{time}}",
  "rating.scale":
    "Digite de 1 a 3 para qualificar nosso atendimento:\n*1* - _Insatisfeito_\n*2* - _Satisfeito_\n*3* - _Muito Satisfeito_",
  "rating.thanks": "Obrigado pela sua avaliação!",
  "notices.greeting":
    "*Mensagem Automática:*\n{{ms}} *{{name}}*, meu nome é *{{agent}}* e agora vou prosseguir com seu atendimento!",
  "notices.queue":
    "*Mensagem automática*:\nVocê foi transferido para o departamento *{{queue}}*\naguarde, já vamos te atender!",
  "notices.agent": "*Mensagem automática*:\nFoi transferido para o atendente *{{agent}}*\naguarde, já vamos te atender!",
  "notices.both":
    "*Mensagem automática*:\nVocê foi transferido para o departamento *{{queue}}* e contará com a presença de *{{agent}}*!",
  "greeting.night": "Boa madrugada",
  "greeting.morning": "Bom dia",
  "greeting.afternoon": "Boa tarde",
  "greeting.evening": "Boa noite",
  "preview.location": "Localização",
  "preview.liveLocation": "Localização em tempo real",
  "preview.vcard": "Contato",
  "preview.contacts": "Contatos",
  "preview.unsupported": "Mensagem não suportada",
  "preview.media": "Arquivo de mídia",
  "preview.image": "Foto",
  "preview.video": "Vídeo",
  "preview.audio": "Áudio",
  "preview.document": "Documento",
  "preview.sticker": "Figurinha",
  "menu.back": "Menu anterior",
  "menu.start": "Menu inicial",
  "menu.invalid": "Opção inválida. Escolha um número da lista:",
  "bot.handover": "Certo! Um de nossos atendentes vai responder em breve.",
  "flow.invalid": "Opção inválida. Responda com o número ou o texto de uma opção:",
  "flow.retry.text": "Não entendi. Pode responder de novo?",
  "flow.retry.number": "Por favor, responda com um número.",
  "flow.retry.email": "Por favor, informe um e-mail válido (exemplo: nome@empresa.com).",
  "flow.retry.phone": "Por favor, informe um telefone com DDD, só números.",
  "flow.retry.date": "Por favor, informe uma data no formato DD/MM/AAAA.",
  "flow.left": "Certo, encerramos o atendimento automático. Um de nossos atendentes vai responder em breve.",
  "flow.note.start": "🤖 Fluxo “{{flow}}” iniciado",
  "flow.note.chose": "🤖 Menu: escolheu {{option}}",
  "flow.note.answer": "🤖 Resposta guardada: {{key}} = {{value}}",
  "flow.note.condition": "🤖 Condição: {{result}}",
  "flow.note.true": "verdadeira",
  "flow.note.false": "falsa",
  "flow.note.random": "🤖 Randomizador: caminho {{branch}}",
  "flow.note.ticket": "🤖 Fluxo encaminhou o atendimento para a fila {{queue}}",
  "flow.note.done": "🤖 Fluxo concluído",
  "flow.note.stopped": "🤖 Fluxo interrompido ({{reason}})",
  "flow.note.failed": "🤖 Fluxo falhou ({{reason}}); o atendimento segue com a equipe",
};

export type TextKey = keyof typeof pt;

const en: Record<TextKey, string> = {
  "call.disabled": "*Automatic message:*\nVoice and video calls are disabled for this WhatsApp, please send a text message.",
  "call.missedVoice": "Missed voice call at {{time}}",
  "call.missedVideo": "Missed video call at {{time}}",
  "rating.scale": "Type 1 to 3 to rate our service:\n*1* - _Unsatisfied_\n*2* - _Satisfied_\n*3* - _Very satisfied_",
  "rating.thanks": "Thank you for your rating!",
  "notices.greeting": "*Automatic message:*\n{{ms}} *{{name}}*, my name is *{{agent}}* and I will take over your service now!",
  "notices.queue":
    "*Automatic message*:\nYou have been transferred to the *{{queue}}* department\nplease wait, we will assist you shortly!",
  "notices.agent":
    "*Automatic message*:\nYou have been transferred to the agent *{{agent}}*\nplease wait, we will assist you shortly!",
  "notices.both": "*Automatic message*:\nYou have been transferred to the *{{queue}}* department and *{{agent}}* will assist you!",
  // English has no greeting for the small hours; "Good evening" is what is said after dark.
  "greeting.night": "Good evening",
  "greeting.morning": "Good morning",
  "greeting.afternoon": "Good afternoon",
  "greeting.evening": "Good evening",
  "preview.location": "Location",
  "preview.liveLocation": "Live location",
  "preview.vcard": "Contact",
  "preview.contacts": "Contacts",
  "preview.unsupported": "Unsupported message",
  "preview.media": "Media file",
  "preview.image": "Photo",
  "preview.video": "Video",
  "preview.audio": "Audio",
  "preview.document": "Document",
  "preview.sticker": "Sticker",
  "menu.back": "Previous menu",
  "menu.start": "Main menu",
  "menu.invalid": "Invalid option. Please choose a number from the list:",
  "bot.handover": "All right! One of our team will answer you shortly.",
  "flow.invalid": "Invalid option. Answer with the number or the text of an option:",
  "flow.retry.text": "Sorry, I did not get that. Could you answer again?",
  "flow.retry.number": "Please answer with a number.",
  "flow.retry.email": "Please enter a valid e-mail (for example: name@company.com).",
  "flow.retry.phone": "Please enter a phone number with its area code, digits only.",
  "flow.retry.date": "Please enter a date as DD/MM/YYYY.",
  "flow.left": "All right, the automatic service has ended. One of our team will answer you shortly.",
  "flow.note.start": "🤖 Flow “{{flow}}” started",
  "flow.note.chose": "🤖 Menu: chose {{option}}",
  "flow.note.answer": "🤖 Answer kept: {{key}} = {{value}}",
  "flow.note.condition": "🤖 Condition: {{result}}",
  "flow.note.true": "true",
  "flow.note.false": "false",
  "flow.note.random": "🤖 Randomizer: path {{branch}}",
  "flow.note.ticket": "🤖 Flow handed the conversation to the queue {{queue}}",
  "flow.note.done": "🤖 Flow finished",
  "flow.note.stopped": "🤖 Flow stopped ({{reason}})",
  "flow.note.failed": "🤖 Flow failed ({{reason}}); the team takes over",
};

const es: Record<TextKey, string> = {
  "call.disabled":
    "*Mensaje automático:*\nLas llamadas de voz y video están deshabilitadas para este WhatsApp, por favor, envíe un mensaje de texto.",
  "call.missedVoice": "Llamada de voz perdida a las {{time}}",
  "call.missedVideo": "Videollamada perdida a las {{time}}",
  "rating.scale": "Escriba de 1 a 3 para calificar nuestra atención:\n*1* - _Insatisfecho_\n*2* - _Satisfecho_\n*3* - _Muy satisfecho_",
  "rating.thanks": "¡Gracias por su calificación!",
  "notices.greeting": "*Mensaje automático:*\n{{ms}} *{{name}}*, mi nombre es *{{agent}}* y ahora continuaré con su atención!",
  "notices.queue": "*Mensaje automático*:\nUsted fue transferido al departamento *{{queue}}*\nespere, ¡ya lo vamos a atender!",
  "notices.agent": "*Mensaje automático*:\nFue transferido al agente *{{agent}}*\nespere, ¡ya lo vamos a atender!",
  "notices.both":
    "*Mensaje automático*:\nUsted fue transferido al departamento *{{queue}}* y contará con la presencia de *{{agent}}*!",
  "greeting.night": "Buenas noches",
  "greeting.morning": "Buenos días",
  "greeting.afternoon": "Buenas tardes",
  "greeting.evening": "Buenas noches",
  "preview.location": "Ubicación",
  "preview.liveLocation": "Ubicación en tiempo real",
  "preview.vcard": "Contacto",
  "preview.contacts": "Contactos",
  "preview.unsupported": "Mensaje no soportado",
  "preview.media": "Archivo multimedia",
  "preview.image": "Foto",
  "preview.video": "Video",
  "preview.audio": "Audio",
  "preview.document": "Documento",
  "preview.sticker": "Sticker",
  "menu.back": "Menú anterior",
  "menu.start": "Menú inicial",
  "menu.invalid": "Opción inválida. Elija un número de la lista:",
  "bot.handover": "¡Listo! Uno de nuestros agentes le responderá en breve.",
  "flow.invalid": "Opción inválida. Responda con el número o el texto de una opción:",
  "flow.retry.text": "No entendí. ¿Puede responder de nuevo?",
  "flow.retry.number": "Por favor, responda con un número.",
  "flow.retry.email": "Por favor, indique un correo válido (ejemplo: nombre@empresa.com).",
  "flow.retry.phone": "Por favor, indique un teléfono con código de área, solo números.",
  "flow.retry.date": "Por favor, indique una fecha en formato DD/MM/AAAA.",
  "flow.left": "Listo, terminamos la atención automática. Uno de nuestros agentes le responderá en breve.",
  "flow.note.start": "🤖 Flujo “{{flow}}” iniciado",
  "flow.note.chose": "🤖 Menú: eligió {{option}}",
  "flow.note.answer": "🤖 Respuesta guardada: {{key}} = {{value}}",
  "flow.note.condition": "🤖 Condición: {{result}}",
  "flow.note.true": "verdadera",
  "flow.note.false": "falsa",
  "flow.note.random": "🤖 Aleatorizador: camino {{branch}}",
  "flow.note.ticket": "🤖 El flujo pasó la atención a la cola {{queue}}",
  "flow.note.done": "🤖 Flujo concluido",
  "flow.note.stopped": "🤖 Flujo interrumpido ({{reason}})",
  "flow.note.failed": "🤖 El flujo falló ({{reason}}); sigue el equipo",
};

export const TEXTS: Record<Lang, Record<TextKey, string>> = { pt, en, es };

/** The text in the language with the given {{placeholders}} filled; the others stay. */
export function text(lang: Lang, key: TextKey, vars: Record<string, string> = {}): string {
  return TEXTS[lang][key].replace(/\{\{(\w+)\}\}/g, (all, name: string) => vars[name] ?? all);
}
