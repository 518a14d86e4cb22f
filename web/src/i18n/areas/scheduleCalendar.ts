import type { Widen } from "../widen.ts";

/** Texts of the /schedules calendar. Portuguese is the reference; en and es must have the same keys. */
export const scheduleCalendarPt = {
  label: "Calendário de agendamentos",
  views: "Visualização",
  month: "Mês",
  week: "Semana",
  day: "Dia",
  agenda: "Lista",
  previous: "Anterior",
  next: "Próximo",
  today: "Hoje",
  date: "Data",
  time: "Hora",
  event: "Agendamento",
  allDay: "Dia inteiro",
  noEvents: "Nenhum agendamento neste período.",
  showMore: "+{{count}} mais",
};

export const scheduleCalendarEn: Widen<typeof scheduleCalendarPt> = {
  label: "Schedules calendar",
  views: "View",
  month: "Month",
  week: "Week",
  day: "Day",
  agenda: "List",
  previous: "Previous",
  next: "Next",
  today: "Today",
  date: "Date",
  time: "Time",
  event: "Schedule",
  allDay: "All day",
  noEvents: "No schedules in this period.",
  showMore: "+{{count}} more",
};

export const scheduleCalendarEs: Widen<typeof scheduleCalendarPt> = {
  label: "Calendario de agendamientos",
  views: "Vista",
  month: "Mes",
  week: "Semana",
  day: "Día",
  agenda: "Lista",
  previous: "Anterior",
  next: "Siguiente",
  today: "Hoy",
  date: "Fecha",
  time: "Hora",
  event: "Agendamiento",
  allDay: "Todo el día",
  noEvents: "No hay agendamientos en este período.",
  showMore: "+{{count}} más",
};
