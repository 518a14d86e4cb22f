// Which company a request is for, found before anything opens a company's database, so an
// instance can pass it to the company's owner: the access token (bearer or ?token= of the
// realtime endpoints), a send-API token, the refresh cookie, the company a super user acts
// on (/companies/:id), or the e-mail of a sign-in or a password reset (the user directory).
// Requests for no company (sign-up, plans, static files, /health) stay where they arrive.
import { eq } from "drizzle-orm";
import { getCookie } from "hono/cookie";
import type { Context } from "hono";
import type { AppEnv, Deps } from "../http/context.ts";
import { REFRESH_COOKIE } from "../auth/routes.ts";
import { tokenCompany } from "../modules/whatsapps/service.ts";
import { userDirectory } from "../../db/control/schema.ts";

export interface RequestCompany {
  companyId: number;
  /** The body, when finding the company meant reading it (it goes on as this text). */
  body?: string;
}

/** A sign-in's or a reset's JSON is small: a larger one is left to the route to refuse. */
const EMAIL_BODY_MAX = 16 * 1024;

/** /companies/:id and what hangs under it (renew, backups, restore, export), and a company's backup job. */
const SUPER_ON_COMPANY = /^\/companies\/(?:backup-jobs\/c)?(\d{1,9})(?:[/-]|$)/;
const EMAIL_IN_PATH = /^\/(?:forgetpassword|resetpasswords)\/([^/]+)/i;
const EMAIL_IN_BODY = new Set(["/auth/login", "/auth/forgot-password", "/auth/reset-password"]);
const REFRESH_PATHS = new Set(["/auth/refresh_token", "/auth/logout"]);

export async function requestCompany(deps: Deps, c: Context<AppEnv>): Promise<RequestCompany | null> {
  const path = c.req.path.replace(/\/+$/, "") || "/";
  const onCompany = SUPER_ON_COMPANY.exec(path);
  if (onCompany) return { companyId: Number(onCompany[1]) };
  const bearer = c.req.header("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  const token = bearer ?? c.req.query("token");
  if (token) {
    const claims = await deps.tokens.verifyAccess(token);
    if (claims) return { companyId: claims.cid };
    const apiCompany = tokenCompany(token);
    return apiCompany ? { companyId: apiCompany } : null;
  }
  if (REFRESH_PATHS.has(path)) {
    const cookie = getCookie(c, REFRESH_COOKIE);
    const claims = cookie ? await deps.tokens.verifyRefresh(cookie) : null;
    return claims ? { companyId: claims.cid } : null;
  }
  if (c.req.method !== "POST") return null;
  const inPath = EMAIL_IN_PATH.exec(path);
  if (inPath) return await byEmail(deps, safeDecode(inPath[1]));
  if (EMAIL_IN_BODY.has(path)) return await byBodyEmail(deps, c);
  return null;
}

async function byBodyEmail(deps: Deps, c: Context<AppEnv>): Promise<RequestCompany | null> {
  const length = Number(c.req.header("content-length"));
  if (!Number.isFinite(length) || length <= 0 || length > EMAIL_BODY_MAX) return null;
  const body = await c.req.text();
  let email: unknown;
  try {
    email = (JSON.parse(body) as { email?: unknown })?.email;
  } catch {
    return null;
  }
  const found = typeof email === "string" ? await byEmail(deps, email) : null;
  return found ? { ...found, body } : null;
}

async function byEmail(deps: Deps, email: string | null): Promise<RequestCompany | null> {
  if (!email) return null;
  const [entry] = await deps.control.db.select({ companyId: userDirectory.companyId }).from(userDirectory)
    .where(eq(userDirectory.email, email.trim().toLowerCase()));
  return entry ? { companyId: entry.companyId } : null;
}

function safeDecode(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}
