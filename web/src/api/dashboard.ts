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

/** Either the last N days or a range of days (YYYY-MM-DD). */
export type DashboardFilter = { days: number } | { date_from: string; date_to: string };

export const dashboard = {
  summary: (filter: DashboardFilter) =>
    request<{ counters: DashboardCounters; attendants: Attendant[] }>("/dashboard", { query: filter }),
  ticketsUsers: (initialDate: string, finalDate: string) =>
    request<{ data: { userId: number | null; name: string; count: number }[] }>("/dashboard/ticketsUsers", {
      query: { initialDate, finalDate },
    }),
  /** Per day, or per hour (0..23) when both dates are the same day. */
  ticketsDay: (initialDate: string, finalDate: string) =>
    request<{ data: { date?: string; hour?: number; count: number }[] }>("/dashboard/ticketsDay", {
      query: { initialDate, finalDate },
    }),
};
