import { request } from "./client.ts";
import type { Language, LoginResult, SessionUser } from "./types.ts";

export const auth = {
  login: (email: string, password: string) =>
    request<LoginResult>("/auth/login", { method: "POST", body: { email, password }, auth: false }),
  logout: () => request<void>("/auth/logout", { method: "DELETE" }),
  me: () => request<SessionUser & { dueInDays: number | null; trialInDays: number | null }>("/auth/me"),
  setLanguage: (language: Language) =>
    request<{ language: Language }>(`/users/set-language/${language}`, { method: "POST" }),
  /**
   * The spec's route (seed 001 section 7): the answer's status says whether the address has
   * an account (404: not found), of the given company when there is one.
   */
  forgotPassword: (email: string, companyId?: number) =>
    request<{ status: number; message?: string }>(`/forgetpassword/${encodeURIComponent(email)}`, {
      method: "POST",
      query: { companyId },
      auth: false,
    }),
  resetPassword: (email: string, code: string, password: string) =>
    request<void>("/auth/reset-password", {
      method: "POST",
      body: { email, code, password },
      auth: false,
    }),
};
