// Who may open a realtime connection and what it is not sent: one rule for /ws, /events and
// /socket.io/. The access token comes in the query (browsers cannot set headers on a
// WebSocket or an EventSource), or as a bearer header. It is checked when the connection
// opens; an open connection outlives its token's expiry and ends with its sign-in session
// (Hub.closeSessions), its user's access (closeUser) or its company's (closeCompany).
import type { Actor, Deps } from "../http/context.ts";
import { resolveActor } from "../auth/guard.ts";
import { companyPlan } from "../http/plan.ts";
import { companyEvent } from "../../contracts/realtime.ts";
import { mutedFor } from "./audience.ts";

export interface Admitted {
  actor: Actor;
  /** Events the connection is not sent (Subscriber.muted). */
  muted: (event: string, data: unknown) => boolean;
}

type Request = { req: { query(k: string): string | undefined; header(k: string): string | undefined } };

export function tokenOf(c: Request) {
  return c.req.query("token") ?? c.req.header("authorization")?.replace(/^Bearer\s+/i, "");
}

/**
 * The connection's actor and mutes, or the guard's error (ERR_SESSION_EXPIRED 401 without a
 * token, ERR_INVALID_TOKEN 403 for an expired, forged or revoked one). What it is not sent:
 * what its user may not read over the API on the company's plan (realtime/audience.ts), and
 * for an overdue company's admin (the overdue door) everything but the payment's confirmation.
 */
export async function admit(deps: Deps, token: string | undefined): Promise<Admitted> {
  const { actor, overdue } = await resolveActor(deps, token, true);
  if (overdue) {
    const payment = companyEvent(actor.companyId, "payment");
    return { actor, muted: (event) => event !== payment };
  }
  return { actor, muted: mutedFor(actor, actor.companyId, await companyPlan(deps.control.db, actor.companyId)) };
}
