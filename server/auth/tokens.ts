// Access tokens (15 min, bearer) and refresh tokens (7 days, httpOnly cookie). Both
// are HS256 JWTs and name the session row (sid), so logout revokes both at once.
import { sign, verify } from "hono/jwt";
import type { Secrets } from "./secrets.ts";

export const ACCESS_TTL_S = 15 * 60;
export const REFRESH_TTL_S = 7 * 24 * 3600;

export interface AccessClaims {
  sub: number;
  cid: number;
  tv: number;
  sid: string;
}

export interface RefreshClaims {
  sub: number;
  cid: number;
  sid: string;
}

const nowS = () => Math.floor(Date.now() / 1000);

/** Verified access tokens remembered at once; past it the oldest is forgotten. */
export const VERIFIED_CACHE = 2048;

export class TokenService {
  /**
   * A desk sends the same token with every request, and checking its signature (a key
   * import and an HMAC through WebCrypto) cost more than the rest of the guard: a token
   * verified once is taken as verified until it expires. Revocation is not this cache's
   * concern: the guard checks the session and the token version on every request.
   */
  #verified = new Map<string, { claims: AccessClaims; exp: number }>();

  constructor(private secrets: Pick<Secrets, "access" | "refresh">) {}

  /** How many verified tokens are remembered (bounded by VERIFIED_CACHE). */
  get remembered() {
    return this.#verified.size;
  }

  access(c: AccessClaims) {
    return sign({ ...c, typ: "a", exp: nowS() + ACCESS_TTL_S }, this.secrets.access, "HS256");
  }

  refresh(c: RefreshClaims) {
    return sign({ ...c, typ: "r", exp: nowS() + REFRESH_TTL_S }, this.secrets.refresh, "HS256");
  }

  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const known = this.#verified.get(token);
    if (known) {
      if (known.exp > nowS()) return known.claims;
      this.#verified.delete(token);
      return null;
    }
    try {
      const p = await verify(token, this.secrets.access, "HS256");
      if (p.typ !== "a" || typeof p.sub !== "number" || typeof p.cid !== "number" || typeof p.sid !== "string") return null;
      const claims = { sub: p.sub, cid: p.cid, tv: Number(p.tv), sid: p.sid };
      if (this.#verified.size >= VERIFIED_CACHE) this.#verified.delete(this.#verified.keys().next().value!);
      this.#verified.set(token, { claims, exp: Number(p.exp) });
      return claims;
    } catch {
      return null;
    }
  }

  async verifyRefresh(token: string): Promise<RefreshClaims | null> {
    try {
      const p = await verify(token, this.secrets.refresh, "HS256");
      if (p.typ !== "r" || typeof p.sub !== "number" || typeof p.cid !== "number") return null;
      return { sub: p.sub, cid: p.cid, sid: String(p.sid) };
    } catch {
      return null;
    }
  }
}
