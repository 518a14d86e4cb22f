/**
 * The drawer's alert badge on the connections entry: 2 s after the app loads the
 * connections are fetched; the badge shows while any of them needs attention (qrcode,
 * PAIRING, DISCONNECTED, TIMEOUT, OPENING) and follows the live events from then on.
 */
import { signal } from "@preact/signals-react";
import { useEffect } from "react";
import { api } from "../../api/index.ts";
import type { Whatsapp } from "../../api/whatsapps.ts";
import { realtime } from "../../app/realtimeInstance.ts";
import { ALERT_DELAY_MS, applyWhatsappEvent, hasAlert } from "./connectionRules.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";

export const connectionsAlert = signal(false);

/** Run once by the main layout for admins (companyId null: nothing to watch). */
export function useConnectionsAlertWatcher(companyId: number | null): void {
  useEffect(() => {
    if (companyId === null) {
      connectionsAlert.value = false;
      return;
    }
    let list: Whatsapp[] | null = null;
    let live = true;
    const apply = (data: unknown) => {
      if (!list) return; // the first fetch has not answered yet
      list = applyWhatsappEvent(list, data);
      connectionsAlert.value = hasAlert(list);
    };
    const stops = [
      realtime.subscribe(companyEvent(companyId, "whatsapp"), apply),
      realtime.subscribe(companyEvent(companyId, "whatsappSession"), apply),
    ];
    const timer = setTimeout(() => {
      api.whatsapps.list()
        .then((loaded) => {
          if (!live) return;
          list = loaded;
          connectionsAlert.value = hasAlert(loaded);
        })
        .catch(() => {
          // no badge when the list cannot be read; the page shows its own error
        });
    }, ALERT_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [companyId]);
}

/** The drawer entry that carries the badge. */
export const CONNECTIONS_PATH = "/connections";
