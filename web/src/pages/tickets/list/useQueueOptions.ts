import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { api } from "../../../api/index.ts";
import type { QueueRef } from "../../../api/types.ts";
import { currentUser } from "../../../app/session.ts";
import { toast } from "../../../components/toast.ts";

/**
 * The queues a viewer may filter by or open a ticket in: every queue of the company for
 * admins (from the server), the user's own queues for everyone else.
 */
export function useQueueOptions(isAdmin: boolean, failureText?: string): QueueRef[] | null {
  useSignals();
  const own = currentUser.value?.queues ?? null;
  const [all, setAll] = useState<QueueRef[] | null>(null);

  useEffect(() => {
    if (!isAdmin) return;
    let current = true;
    api.lists.queues()
      .then((queues) => current && setAll(queues))
      .catch((error) => {
        if (!current) return;
        if (failureText) toast.failure(error, failureText);
        else toast.apiError(error);
      });
    return () => {
      current = false;
    };
  }, [isAdmin, failureText]);

  return isAdmin ? all : own;
}
