/**
 * The one toast helper. Toasts last 2 s. Errors show the translated catalogue message for
 * the server's code (i18n key errors.<CODE>) or the raw message when it is not translated.
 */
import { UNSTABLE_ToastQueue as ToastQueue } from "react-aria-components";
import { isApiError } from "../api/errors.ts";
import { i18n } from "../i18n/index.ts";

export type ToastKind = "success" | "error" | "warning" | "info";

export interface ToastContent {
  kind: ToastKind;
  message: string;
  /** A button in the toast (e.g. Desfazer); pressing it closes the toast. */
  action?: { label: string; onAction: () => void };
}

export const TOAST_TIMEOUT_MS = 2000;

export const toastQueue = new ToastQueue<ToastContent>({ maxVisibleToasts: 4 });

function show(kind: ToastKind, message: string, timeout = TOAST_TIMEOUT_MS): void {
  // The same words already on screen say nothing more: a page whose calls are all refused
  // for one reason (an overdue company's admin, held to /financeiro) shows it once.
  if (toastQueue.visibleToasts.some((shown) => shown.content.message === message)) return;
  toastQueue.add({ kind, message }, { timeout });
}

/** The message the user sees for an error, translated when the catalogue knows its code. */
export function errorMessage(error: unknown): string {
  if (isApiError(error)) {
    const key = `errors.${error.code}`;
    if (i18n.exists(key)) {
      return i18n.t(key, {
        seconds: error.details.retryAfter ?? "",
        date: formatDueDate(error.details.dueDate),
        limit: error.details.limit ?? "",
        row: error.details.row ?? "",
        column: error.details.column ?? "",
      });
    }
    return error.message;
  }
  if (error instanceof Error) return error.message;
  return i18n.t("errors.ERR_INTERNAL_SERVER_ERROR");
}

/** Text for an inline field error: the catalogue's words, except for generic validation. */
export function fieldMessage(error: unknown): string {
  if (isApiError(error) && error.code === "ERR_VALIDATION") return error.message;
  return errorMessage(error);
}

function hasSpecificMessage(error: unknown): boolean {
  return isApiError(error) && error.code !== "ERR_INTERNAL_SERVER_ERROR" &&
    i18n.exists(`errors.${error.code}`);
}

function formatDueDate(value: unknown): string {
  if (typeof value !== "string") return "";
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

export const toast = {
  success: (message: string) => show("success", message),
  info: (message: string) => show("info", message),
  warning: (message: string) => show("warning", message),
  error: (message: string) => show("error", message),
  /** A toast shown for timeoutMs instead of the default (the flow editor's 3 s, seed 002 section 9). */
  timed: (kind: ToastKind, message: string, timeoutMs: number) => show(kind, message, timeoutMs),
  /** A toast with one action button, shown for timeoutMs. */
  withAction: (
    kind: ToastKind,
    message: string,
    action: ToastContent["action"],
    timeoutMs: number,
  ) => toastQueue.add({ kind, message, action }, { timeout: timeoutMs }),
  /** Show a failed call: the catalogue message for its code, or its raw text. */
  apiError: (error: unknown) => show("error", errorMessage(error)),
  /** Show a failed call with a page's own wording unless the catalogue has a specific one. */
  failure: (error: unknown, fallback: string) =>
    show("error", hasSpecificMessage(error) ? errorMessage(error) : fallback),
};
