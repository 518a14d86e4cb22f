import { request, requestBlob } from "./client.ts";
import type { BackupJobEvent } from "../../../contracts/realtime.ts";
import type {
  BackupInfo,
  Company,
  DatabasePlace,
  CompanyInput,
  CompanyPage,
  Plan,
  SignupInput,
  WeeklyHours,
} from "./types.ts";

export const companies = {
  page: (searchParam: string, pageNumber: number) =>
    request<CompanyPage>("/companies", { query: { searchParam, pageNumber } }),
  list: () => request<Company[]>("/companies/list"),
  get: (id: number) => request<Company>(`/companies/${id}`),
  create: (input: CompanyInput) => request<Company>("/companies", { method: "POST", body: input }),
  update: (id: number, input: Partial<CompanyInput>) =>
    request<Company>(`/companies/${id}`, { method: "PUT", body: input }),
  /** The expire action: the due date advances by the company's recurrence (super users). */
  renew: (id: number) => request<Company>(`/companies/${id}/renew`, { method: "POST" }),
  remove: (id: number) => request<void>(`/companies/${id}`, { method: "DELETE" }),
  /** The company's weekly hours: its admins or a super user (docs/api.md "Weekly hours"). */
  updateSchedules: (id: number, schedules: WeeklyHours[]) =>
    request<Company>(`/companies/${id}/schedules`, { method: "PUT", body: { schedules } }),
  /** The company's plan with its flags (its own users, or a super user). */
  planOf: (companyId: number) => request<Plan>(`/companies/listPlan/${companyId}`),
  /** A company's backups, newest first (super users; docs/api.md "Backups"). */
  backups: (id: number) => request<BackupInfo[]>(`/companies/${id}/backups`),
  /** Each of these starts a job: its progress arrives as backupJob events, or from job(). */
  backup: (id: number) => request<BackupJobEvent>(`/companies/${id}/backups`, { method: "POST" }),
  restore: (id: number, name: string) =>
    request<BackupJobEvent>(`/companies/${id}/backups/${encodeURIComponent(name)}/restore`, { method: "POST" }),
  exportCompany: (id: number) => request<BackupJobEvent>(`/companies/${id}/export`, { method: "POST" }),
  database: (id: number) => request<DatabasePlace>(`/companies/${id}/database`),
  moveDatabase: (id: number, url: string, authToken: string) =>
    request<BackupJobEvent>(`/companies/${id}/move`, { method: "POST", body: authToken ? { url, authToken } : { url } }),
  moveDatabaseBack: (id: number) => request<BackupJobEvent>(`/companies/${id}/move-back`, { method: "POST" }),
  downloadExport: (id: number, name: string) => requestBlob(`/companies/${id}/exports/${encodeURIComponent(name)}`),
  /** The export file goes up as its raw bytes. */
  importCompany: (file: File, onUploadProgress: (fraction: number) => void) =>
    request<BackupJobEvent>("/companies/import", { method: "POST", body: file, onUploadProgress }),
  job: (jobId: string) => request<BackupJobEvent>(`/companies/backup-jobs/${encodeURIComponent(jobId)}`),
  /** Public self-registration (3-day trial). */
  signup: (input: SignupInput) =>
    request<{ company: Company }>("/companies/cadastro", {
      method: "POST",
      body: input,
      auth: false,
    }),
};
