// Any instance takes any request: one for a company another instance holds is passed to
// that owner (proxy.ts), so a balancer needs no knowledge of companies. A request another
// instance passed here is served here, once, and never passed again.
import type { MiddlewareHandler } from "hono";
import type { AppEnv, Deps } from "../http/context.ts";
import { AppError } from "../http/errors.ts";
import { errorFields, log } from "../log.ts";
import type { AddressBook } from "./addresses.ts";
import { forwardedClient, forwardHttp, forwardWebSocket } from "./proxy.ts";
import { requestCompany } from "./request_company.ts";

/** How long a request waits for a company without an owner (a takeover under way). */
const OWNER_WAIT_MS = 5_000;
const OWNER_POLL_MS = 200;
const RETRY_AFTER_S = 2;
export const INSTANCE_HEADER = "x-inbox-instance";

const moving = () =>
  new AppError("ERR_COMPANY_MOVING", 503, "the company is moving to another instance, try again", {
    retryAfter: RETRY_AFTER_S,
  });

export function forwarding(deps: Deps, book: AddressBook, key: CryptoKey): MiddlewareHandler<AppEnv> {
  const ownership = deps.ownership;
  const known = new LastOwners();
  return async (c, next) => {
    const vouched = await forwardedClient(key, c.req.raw.headers);
    if (vouched) c.set("clientIp", vouched);
    const found = await requestCompany(deps, c);
    // Which instance answered, for the operator and the tests (a forwarded answer keeps the owner's).
    c.header(INSTANCE_HEADER, ownership.instanceId);
    if (!found || ownership.owns(found.companyId)) return await next();
    // Passed here by an instance that took us for the owner: the lease has moved since.
    if (vouched) throw moving();
    const owner = await ownerOf(deps, known, found.companyId);
    if (owner === ownership.instanceId) return await next();
    const base = owner ? await book.lookup(owner).catch(() => null) : null;
    if (!base) throw moving();
    const clientIp = c.get("clientIp");
    try {
      return c.req.header("upgrade")?.toLowerCase() === "websocket"
        ? await forwardWebSocket(key, c.req.raw, base, clientIp)
        : await forwardHttp(key, c.req.raw, base, clientIp, found.body);
    } catch (err) {
      log.warn("forward failed", { companyId: found.companyId, owner, ...errorFields(err) });
      throw moving();
    }
  };
}

/**
 * The company's owner, waiting a moment while nobody holds it; null if nobody takes it.
 * While Redis is away the owner last seen is used: owners keep their companies then.
 */
async function ownerOf(deps: Deps, known: LastOwners, companyId: number): Promise<string | null> {
  const end = Date.now() + OWNER_WAIT_MS;
  for (;;) {
    let owner: string | null;
    try {
      owner = await deps.ownership.owner(companyId);
    } catch {
      return known.get(companyId);
    }
    if (owner) known.set(companyId, owner);
    if (owner || deps.ownership.owns(companyId) || Date.now() > end) return owner;
    await new Promise((r) => setTimeout(r, OWNER_POLL_MS));
  }
}

/** The owners seen lately, bounded: the oldest entries go first. */
class LastOwners {
  static readonly MAX = 10_000;
  #owners = new Map<number, string>();

  get(companyId: number): string | null {
    return this.#owners.get(companyId) ?? null;
  }

  set(companyId: number, owner: string) {
    this.#owners.delete(companyId);
    this.#owners.set(companyId, owner);
    if (this.#owners.size > LastOwners.MAX) this.#owners.delete(this.#owners.keys().next().value!);
  }
}
