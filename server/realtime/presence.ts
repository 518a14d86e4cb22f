// Who is online: a user is online while at least one of their browsers holds a socket.
// The flag lives in the tenant database (dashboards read it) and changes publish
// company-{c}-user updates.
import { eq } from "drizzle-orm";
import type { TenantRegistry } from "../tenancy/registry.ts";
import type { Hub } from "./hub.ts";
import { users } from "../../db/tenant/schema.ts";
import { loadUser } from "../modules/users/dto.ts";
import { errorFields, log } from "../log.ts";
import { companyEvent } from "../../contracts/realtime.ts";

export class Presence {
  #sockets = new Map<string, number>();

  constructor(private registry: TenantRegistry, private hub: Hub) {}

  connected(companyId: number, userId: number) {
    const key = `${companyId}:${userId}`;
    const n = (this.#sockets.get(key) ?? 0) + 1;
    this.#sockets.set(key, n);
    if (n === 1) this.#store(companyId, userId, true);
  }

  disconnected(companyId: number, userId: number) {
    const key = `${companyId}:${userId}`;
    const n = (this.#sockets.get(key) ?? 1) - 1;
    if (n > 0) {
      this.#sockets.set(key, n);
      return;
    }
    this.#sockets.delete(key);
    this.#store(companyId, userId, false);
  }

  #store(companyId: number, userId: number, online: boolean) {
    this.registry.with(companyId, async (t) => {
      await t.db.update(users).set({ online }).where(eq(users.id, userId));
      const user = await loadUser(t.db, companyId, userId);
      if (user) this.hub.publish(companyId, companyEvent(companyId, "user"), { action: "update", user });
    }).catch((err) => log.warn("presence update failed", { companyId, userId, ...errorFields(err) }));
  }
}
