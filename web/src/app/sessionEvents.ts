/** Session-level realtime reactions: logged in elsewhere, own user changes, settings. */
import type { SessionUser, Setting } from "../api/types.ts";
import { realtime } from "./realtimeInstance.ts";
import { companyEvent } from "../../../contracts/realtime.ts";

interface AuthEvent {
  action?: string;
  user?: { id?: number };
}

interface UserEvent {
  action?: string;
  user?: SessionUser;
  userId?: number;
}

interface SettingsEvent {
  action?: string;
  setting?: Setting;
}

export interface SessionReactions {
  ownUserUpdated: (user: SessionUser) => void;
  ownUserDeleted: () => void;
  /** Signed in on another browser: drop this session, keep the drafts and preferences. */
  signedOutElsewhere: () => void;
  settingUpdated: (setting: Setting) => void;
}

export function watchSessionEvents(
  companyId: number,
  userId: number,
  react: SessionReactions,
): () => void {
  const stops = [
    // Same user signed in elsewhere: end the session here; the login page tells why (once:
    // no toast besides). No reload: it would only race the user typing on the login page.
    realtime.subscribe(companyEvent(companyId, "auth"), (data) => {
      const event = (data ?? {}) as AuthEvent;
      if (event.user?.id !== undefined && event.user.id !== userId) return;
      react.signedOutElsewhere();
    }),
    realtime.subscribe(companyEvent(companyId, "user"), (data) => {
      const event = (data ?? {}) as UserEvent;
      if (event.action === "update" && event.user?.id === userId) react.ownUserUpdated(event.user);
      if (event.action === "delete" && (event.userId ?? event.user?.id) === userId) {
        react.ownUserDeleted();
      }
    }),
    realtime.subscribe(companyEvent(companyId, "settings"), (data) => {
      const event = (data ?? {}) as SettingsEvent;
      if (event.setting) react.settingUpdated(event.setting);
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
