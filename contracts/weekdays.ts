// The week as the spec stores it, one definition for the server (Deno) and the web (Vite):
// each day's Portuguese name (the stored `weekday`) and English key (`weekdayEn`), Monday
// first. Imported by relative path from both sides, so this file imports nothing.
export const WEEKDAYS = [
  ["Segunda-feira", "monday"],
  ["Terça-feira", "tuesday"],
  ["Quarta-feira", "wednesday"],
  ["Quinta-feira", "thursday"],
  ["Sexta-feira", "friday"],
  ["Sábado", "saturday"],
  ["Domingo", "sunday"],
] as const;
