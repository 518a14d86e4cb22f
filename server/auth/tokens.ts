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

export class TokenService {
  constructor(private secrets: Secrets) {}

  access(c: AccessClaims) {
    return sign({ ...c, typ: "a", exp: nowS() + ACCESS_TTL_S }, this.secrets.access, "HS256");
  }

  refresh(c: RefreshClaims) {
    return sign({ ...c, typ: "r", exp: nowS() + REFRESH_TTL_S }, this.secrets.refresh, "HS256");
  }

  async verifyAccess(token: string): Promise<AccessClaims | null> {
    try {
      const p = await verify(token, this.secrets.access, "HS256");
      if (p.typ !== "a" || typeof p.sub !== "number" || typeof p.cid !== "number" || typeof p.sid !== "string") return null;
      return { sub: p.sub, cid: p.cid, tv: Number(p.tv), sid: p.sid };
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
