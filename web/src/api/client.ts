/**
 * The one HTTP client of the app: same origin, bearer token, cookies included.
 * A 403 ERR_INVALID_TOKEN triggers ONE refresh (POST /auth/refresh_token); calls made while
 * the refresh runs wait for it and then go out with the new token. When the refresh fails
 * the session is dropped through the onSessionLost hook.
 */
import { ApiError, errorFromBody, networkError } from "./errors.ts";
import { getToken, setToken } from "./token.ts";
import { warmedGet } from "./warm.ts";
import type { RefreshResult } from "./types.ts";
import { PAGING_HEADERS } from "../../../contracts/paging.ts";

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "DELETE" | "PATCH";
  /**
   * Sent as JSON; a FormData body goes out as multipart (the browser sets its boundary), a
   * Blob (a File) as its raw bytes, read from disk as they go.
   */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Send the bearer token and take part in the refresh dance (default true). */
  auth?: boolean;
  /**
   * Send this bearer instead of the session's (the send API's connection token). Such a
   * call never refreshes the session nor drops it on an error: its errors are its own.
   */
  bearer?: string;
  /**
   * Told how much of the body has gone up (0 to 1): the call then goes through
   * XMLHttpRequest, the one browser API that reports an upload's progress.
   */
  onUploadProgress?: (fraction: number) => void;
}

/** An upload that may take long on a slow line, yet not forever. */
export const UPLOAD_TIMEOUT_MS = 10 * 60_000;

interface ClientHooks {
  onTokenRefreshed: (result: RefreshResult) => void;
  onSessionLost: () => void;
  /** A session call refused because the company may no longer act (inactive, or overdue). */
  onCompanyRefused: (code: string) => void;
}

const hooks: ClientHooks = {
  onTokenRefreshed: () => {},
  onSessionLost: () => {},
  onCompanyRefused: () => {},
};

const COMPANY_REFUSED = new Set(["ERR_SUBSCRIPTION_EXPIRED", "ERR_COMPANY_INACTIVE"]);

/** The session module plugs its reactions in here; the client knows nothing of routing. */
export function configureClient(next: Partial<ClientHooks>): void {
  Object.assign(hooks, next);
}

let refreshing: Promise<string | null> | null = null;

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(
  path: string,
  options: RequestOptions,
  token: string | null,
  accept = "application/json",
): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  const multipart = options.body instanceof FormData;
  const raw = options.body instanceof Blob;
  if (options.body !== undefined && !multipart) headers["Content-Type"] = raw ? "application/octet-stream" : "application/json";
  const bearer = options.bearer ?? (options.auth !== false ? token : null);
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  try {
    if (options.onUploadProgress) {
      return await sendWithProgress(buildUrl(path, options.query), options, headers, options.onUploadProgress);
    }
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? "GET",
      headers,
      credentials: "include",
      body: options.body === undefined
        ? undefined
        : multipart || raw
        ? options.body as FormData | Blob
        : JSON.stringify(options.body),
    });
  } catch (cause) {
    throw networkError(cause);
  }
}

/** The upload as a fetch Response, so the session handling around it stays the same. */
function sendWithProgress(
  url: string,
  options: RequestOptions,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? "POST", url);
    xhr.withCredentials = true;
    xhr.timeout = UPLOAD_TIMEOUT_MS;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      onProgress(1);
      const empty = xhr.status === 204 || xhr.status === 205 || xhr.status === 304;
      resolve(new Response(empty ? null : xhr.responseText, { status: xhr.status, statusText: xhr.statusText }));
    };
    xhr.onerror = () => reject(new Error("upload failed"));
    xhr.ontimeout = () => reject(new Error("upload timed out"));
    xhr.onabort = () => reject(new Error("upload aborted"));
    const body = options.body;
    xhr.send(body instanceof FormData || body instanceof Blob ? body : body === undefined ? null : JSON.stringify(body));
  });
}

async function runRefresh(): Promise<string | null> {
  try {
    const response = await send("/auth/refresh_token", { method: "POST", auth: false }, null);
    if (!response.ok) return null;
    const result = await readBody(response) as RefreshResult;
    if (!result?.token) return null;
    setToken(result.token);
    hooks.onTokenRefreshed(result);
    return result.token;
  } catch {
    return null;
  }
}

/** One refresh at a time: everybody who needs it awaits the same promise. */
function refreshOnce(): Promise<string | null> {
  refreshing ??= runRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function sessionLost(): void {
  setToken(null);
  hooks.onSessionLost();
}

/**
 * One call through the session: waits for a running refresh, refreshes once on
 * ERR_INVALID_TOKEN and retries, and turns a failed answer into an ApiError.
 * Answers with the successful Response, its body unread.
 */
async function exchange(path: string, options: RequestOptions, accept?: string): Promise<Response> {
  // A call with its own bearer stays out of the session's refresh and loss handling.
  const authenticated = options.auth !== false && options.bearer === undefined;
  if (authenticated && refreshing) await refreshing;
  const usedToken = authenticated ? getToken() : null;
  let response = await send(path, options, usedToken, accept);
  if (response.ok) return response;
  let body = await readBody(response);

  if (authenticated && response.status === 403 && codeOf(body) === "ERR_INVALID_TOKEN") {
    // Someone else may already have refreshed while this call was in flight; a session
    // already dropped (no token left) is not refreshed again.
    const current = getToken();
    const fresh = current === null ? null : current !== usedToken ? current : await refreshOnce();
    if (!fresh) {
      sessionLost();
      throw errorFromBody(response.status, response.statusText, body);
    }
    response = await send(path, options, fresh, accept);
    if (response.ok) return response;
    body = await readBody(response);
  }

  const error = errorFromBody(response.status, response.statusText, body);
  if (authenticated && error.code === "ERR_SESSION_EXPIRED") sessionLost();
  if (authenticated && COMPANY_REFUSED.has(error.code)) hooks.onCompanyRefused(error.code);
  throw error;
}

export function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const fetchIt = async () => await readBody(await exchange(path, options)) as T;
  // Only plain session GETs can be fetched ahead (api/warm.ts).
  const plainGet = (options.method ?? "GET") === "GET" && options.bearer === undefined &&
    options.auth !== false;
  return plainGet ? warmedGet(buildUrl(path, options.query), fetchIt) : fetchIt();
}

/**
 * A page answered as a bare array (the spec's shape, e.g. /invoices/all), its figures in
 * the X-Total-Count and X-Has-More headers.
 */
export function requestPage<T>(path: string, options: RequestOptions = {}): Promise<{ rows: T[]; count: number; hasMore: boolean }> {
  const fetchIt = async () => {
    const response = await exchange(path, options);
    const rows = await readBody(response);
    return {
      rows: Array.isArray(rows) ? rows as T[] : [],
      count: Number(response.headers.get(PAGING_HEADERS.count) ?? 0),
      hasMore: response.headers.get(PAGING_HEADERS.hasMore) === "true",
    };
  };
  return warmedGet(`page:${buildUrl(path, options.query)}`, fetchIt);
}

/** A file answer (CSV export, media) as a Blob, with the same session handling as request. */
export async function requestBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return await (await exchange(path, options, "*/*")).blob();
}

function codeOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const code = (body as { error?: unknown }).error;
  return typeof code === "string" ? code : undefined;
}

export { ApiError };
