/** Dashboard figures (docs/api.md "Dashboard"); minutes for times. */
import { request } from "./client.ts";

export interface DashboardCounters {
  supportHappening: number;
  supportPending: number;
  supportFinished: number;
  avgSupportTime: number;
  avgWaitTime: number;
}

export interface Attendant {
  id: number;
  name: string;
  tickets: number;
  avgSupportTime: number;
  rating: number;
  online: boolean;
}

export interface UserTickets {
  userId: number | null;
  nome: string | null;
  quantidade: number;
}

export interface PeriodTickets {
  data?: string;
  horario?: number;
  total: number;
}

/** Either the last N days or a range of days (YYYY-MM-DD). */
export type DashboardFilter = { days: number } | { date_from: string; date_to: string };

export const dashboard = {
  summary: (filter: DashboardFilter) =>
    request<{ counters: DashboardCounters; attendants: Attendant[] }>("/dashboard", { query: filter }),
  /** In the spec's names: nome (null for tickets nobody accepted) and quantidade. */
  ticketsUsers: (initialDate: string, finalDate: string) =>
    request<{ data: UserTickets[] }>("/dashboard/ticketsUsers", {
      query: { initialDate, finalDate },
    }),
  /** Per day (data, YYYY-MM-DD), or per hour (horario, 0..23) when both dates are the same day. */
  ticketsDay: (initialDate: string, finalDate: string) =>
    request<{ data: PeriodTickets[]; count: number }>("/dashboard/ticketsDay", {
      query: { initialDate, finalDate },
    }),
};
