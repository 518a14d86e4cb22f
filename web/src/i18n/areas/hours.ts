import type { Widen } from "../widen.ts";

/**
 * Texts of the one weekly-hours editor (company schedules tab, companies tab, queue dialog)
 * and of the connections' hours notes. Portuguese is the reference; en and es must have
 * the same keys.
 */
export const hoursPt = {
  tab: "Horários",
  title: "Horário de expediente",
  weekday: "Dia da semana",
  start: "Hora inicial",
  end: "Hora final",
  startOf: "Hora inicial de {{day}}",
  endOf: "Hora final de {{day}}",
  closed: "Fechado",
  closedHint:
    "Digite só os números (HH:MM). As duas horas vazias, ou 00:00 a 00:00, deixam o dia fechado.",
  days: {
    monday: "Segunda-feira",
    tuesday: "Terça-feira",
    wednesday: "Quarta-feira",
    thursday: "Quinta-feira",
    friday: "Sexta-feira",
    saturday: "Sábado",
    sunday: "Domingo",
  },
  companyHint: "Fora destes horários, as conexões respondem com a mensagem de fora de expediente.",
  saved: "Horários atualizados com sucesso.",
  errors: {
    time: "Use o formato HH:MM, de 00:00 a 23:59.",
    both: "Preencha as duas horas, ou deixe ambas vazias para fechar o dia.",
    order: "A hora final deve ser depois da inicial.",
  },
  companyTitle: "Horários de {{name}}",
  editCompany: "Editar horários de {{name}}",
  connection: {
    own: "Horário próprio desta conexão",
    ownHint:
      "Ligado, esta conexão atende por estes horários em vez dos da empresa, quando o expediente segue os horários da empresa.",
    company:
      "A empresa segue os próprios horários (Configurações > Horários). Fora deles, esta conexão responde com a mensagem de fora de expediente.",
    queue:
      "Cada fila segue os próprios horários e envia a própria mensagem de fora de expediente (página Filas); a mensagem desta conexão não é usada.",
    disabled:
      "O controle de expediente está desativado (Configurações > Opções > Gerenciamento de expediente): a mensagem de fora de expediente não é enviada.",
  },
};

export const hoursEn: Widen<typeof hoursPt> = {
  tab: "Schedules",
  title: "Business hours",
  weekday: "Day of the week",
  start: "Start time",
  end: "End time",
  startOf: "Start time on {{day}}",
  endOf: "End time on {{day}}",
  closed: "Closed",
  closedHint: "Type the digits only (HH:MM). Both times empty, or 00:00 to 00:00, closes the day.",
  days: {
    monday: "Monday",
    tuesday: "Tuesday",
    wednesday: "Wednesday",
    thursday: "Thursday",
    friday: "Friday",
    saturday: "Saturday",
    sunday: "Sunday",
  },
  companyHint: "Outside these hours, connections reply with the out-of-hours message.",
  saved: "Schedules updated successfully.",
  errors: {
    time: "Use the HH:MM format, from 00:00 to 23:59.",
    both: "Fill in both times, or leave both empty to close the day.",
    order: "The end time must be after the start time.",
  },
  companyTitle: "Hours of {{name}}",
  editCompany: "Edit the hours of {{name}}",
  connection: {
    own: "This connection's own hours",
    ownHint:
      "On: this connection answers by these hours instead of the company's, when business hours follow the company's.",
    company:
      "The company follows its own hours (Settings > Schedules). Outside them, this connection replies with the out-of-hours message.",
    queue:
      "Each queue follows its own hours and sends its own out-of-hours message (Queues page); this connection's message is not used.",
    disabled:
      "Business hours are turned off (Settings > Options > Business hours management): the out-of-hours message is not sent.",
  },
};

export const hoursEs: Widen<typeof hoursPt> = {
  tab: "Horarios",
  title: "Horario de atención",
  weekday: "Día de la semana",
  start: "Hora inicial",
  end: "Hora final",
  startOf: "Hora inicial del {{day}}",
  endOf: "Hora final del {{day}}",
  closed: "Cerrado",
  closedHint:
    "Escriba solo los números (HH:MM). Las dos horas vacías, o 00:00 a 00:00, dejan el día cerrado.",
  days: {
    monday: "Lunes",
    tuesday: "Martes",
    wednesday: "Miércoles",
    thursday: "Jueves",
    friday: "Viernes",
    saturday: "Sábado",
    sunday: "Domingo",
  },
  companyHint:
    "Fuera de estos horarios, las conexiones responden con el mensaje de fuera de horario.",
  saved: "Horarios actualizados con éxito.",
  errors: {
    time: "Use el formato HH:MM, de 00:00 a 23:59.",
    both: "Complete las dos horas, o deje ambas vacías para cerrar el día.",
    order: "La hora final debe ser posterior a la inicial.",
  },
  companyTitle: "Horarios de {{name}}",
  editCompany: "Editar los horarios de {{name}}",
  connection: {
    own: "Horario propio de esta conexión",
    ownHint:
      "Activado: esta conexión atiende según estos horarios en lugar de los de la empresa, cuando el horario sigue los de la empresa.",
    company:
      "La empresa sigue sus propios horarios (Configuración > Horarios). Fuera de ellos, esta conexión responde con el mensaje de fuera de horario.",
    queue:
      "Cada cola sigue sus propios horarios y envía su propio mensaje de fuera de horario (página Colas); el mensaje de esta conexión no se usa.",
    disabled:
      "El control de horario está desactivado (Configuración > Opciones > Gestión de horario): el mensaje de fuera de horario no se envía.",
  },
};
