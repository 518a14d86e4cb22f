/** Shapes of the HTTP contract (docs/api.md). */
import type { Profile } from "../../../contracts/profiles.ts";
export type { Profile };
export type Language = "pt" | "en" | "es";
export type AllTicket = "enabled" | "desabled";
export type Recurrence = "MENSAL" | "BIMESTRAL" | "TRIMESTRAL" | "SEMESTRAL" | "ANUAL";

export interface PlanFlags {
  useCampaigns: boolean;
  useSchedules: boolean;
  useInternalChat: boolean;
  useExternalApi: boolean;
  useKanban: boolean;
  useOpenAi: boolean;
  useIntegrations: boolean;
}

export interface PlanInput extends PlanFlags {
  name: string;
  users: number;
  connections: number;
  queues: number;
  value: number;
}

export interface Plan extends PlanInput {
  id: number;
}

export interface Setting {
  key: string;
  value: string;
}

export interface WeeklyHours {
  weekday: string;
  weekdayEn: string;
  startTime: string;
  endTime: string;
}

/** One of a company's backups (GET /companies/:id/backups). */
export interface BackupInfo {
  name: string;
  size: number;
  createdAt: string;
}

/** Where a company's database lives (GET /companies/:id/database): a server's token is never answered. */
export type DatabasePlace = { kind: "file"; url: string } | { kind: "server"; url: string; token: boolean };

export interface Company {
  id: number;
  name: string;
  email: string;
  phone: string;
  planId: number;
  plan: Plan | null;
  /** The plan chosen at checkout: billed from the next invoice. */
  nextPlanId?: number | null;
  status: boolean;
  dueDate: string;
  trialExpiration?: string | null;
  recurrence: Recurrence | string;
  language?: Language;
  schedules?: WeeklyHours[];
  createdAt: string;
  updatedAt: string;
  settings?: Setting[];
  /** The payer's data, kept from the last checkout. */
  billingName?: string;
  street?: string;
  city?: string;
  state?: string;
  zip?: string;
}

export interface CompanyInput {
  name: string;
  email: string;
  phone: string;
  planId: number;
  status: boolean;
  /** Left out on creation: one recurrence ahead, or the end of the trial. */
  dueDate?: string;
  recurrence: Recurrence;
  password?: string;
  campaignsEnabled?: boolean;
  /** Creation only: a trial of so many days, whose end is the first due date. */
  trialDays?: number;
}

export interface SignupInput {
  name: string;
  email: string;
  phone: string;
  password: string;
  planId: number;
}

export interface QueueRef {
  id: number;
  name: string;
  color: string;
}

export interface User {
  id: number;
  name: string;
  email: string;
  profile: Profile;
  super: boolean;
  allTicket: AllTicket;
  whatsappId: number | null;
  whatsapp: { id: number; name: string } | null;
  queues: QueueRef[];
  companyId: number;
  language?: Language;
  online?: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SessionUser extends User {
  company: Company;
}

export interface UserInput {
  name: string;
  email: string;
  password?: string;
  profile?: Profile;
  allTicket?: AllTicket;
  queueIds?: number[];
  whatsappId?: number | null;
  super?: boolean;
  language?: Language;
}

export interface LoginResult {
  token: string;
  user: SessionUser;
  dueInDays: number;
}

export interface RefreshResult {
  token: string;
  user: SessionUser;
}

export interface UserPage {
  users: User[];
  count: number;
  hasMore: boolean;
}

export interface CompanyPage {
  companies: Company[];
  count: number;
  hasMore: boolean;
}

export interface UserListItem {
  id: number;
  name: string;
  profile: Profile;
  queues: QueueRef[];
}

export interface WhatsappSummary {
  id: number;
  name: string;
  status: string;
  isDefault: boolean;
}

export interface Health {
  status: string;
  version: string;
  database: string;
}
