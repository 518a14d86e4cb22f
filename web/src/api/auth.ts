import { request } from "./client.ts";
import type { Language, LoginResult, SessionUser } from "./types.ts";

export const auth = {
  login: (email: string, password: string) =>
    request<LoginResult>("/auth/login", { method: "POST", body: { email, password }, auth: false }),
  logout: () => request<void>("/auth/logout", { method: "DELETE" }),
  me: () => request<SessionUser & { dueInDays: number | null; trialInDays: number | null }>("/auth/me"),
  setLanguage: (language: Language) =>
    request<{ language: Language }>(`/users/set-language/${language}`, { method: "POST" }),
  forgotPassword: (email: string) =>
    request<void>("/auth/forgot-password", { method: "POST", body: { email }, auth: false }),
  resetPassword: (email: string, code: string, password: string) =>
    request<void>("/auth/reset-password", {
      method: "POST",
      body: { email, code, password },
      auth: false,
    }),
};
