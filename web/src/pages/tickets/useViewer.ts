import { useSignals } from "@preact/signals-react/runtime";
import { useMemo } from "react";
import { currentUser, isAdmin, isSupervisor } from "../../app/session.ts";
import type { Viewer } from "./list/ticketScope.ts";

/** The signed-in user as the desk's visibility rules need it (null while loading). */
export function useViewer(): Viewer | null {
  useSignals();
  const user = currentUser.value;
  const admin = isAdmin.value;
  const supervisor = isSupervisor.value;
  const queueKey = (user?.queues ?? []).map((queue) => queue.id).join(",");
  return useMemo(() => {
    if (!user) return null;
    return {
      companyId: user.companyId,
      userId: user.id,
      isAdmin: admin,
      isSupervisor: supervisor,
      allTicket: user.allTicket === "enabled",
      queueIds: queueKey ? queueKey.split(",").map(Number) : [],
    };
    // Rebuilt only when what the rules read changes, not on every user patch.
  }, [user?.id, user?.companyId, user?.allTicket, admin, supervisor, queueKey]);
}
