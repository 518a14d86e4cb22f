// How far a send got, for the senders that must never send twice (schedules, campaigns):
// the sessions as deliver() sees them, noting whether the message reached the channel
// and how the channel answered. Only what was surely not sent may be tried again.
import { AppError } from "../../http/errors.ts";
import { type ChannelSession, RateLimitedError } from "../../channels/channel.ts";
import type { Sessions } from "./service.ts";

/**
 * unsent: never reached the channel. refused: the channel was not connected. rateLimited:
 * WhatsApp refused it for the number's pace. accepted: the channel took it. unknown: it
 * failed inside the channel, so it may have gone out.
 */
export type ChannelState = "unsent" | "refused" | "rateLimited" | "accepted" | "unknown";

/** The channel's answer when it is not connected: nothing left the process. */
export function refusedUnsent(err: unknown) {
  return err instanceof Error &&
    ((err instanceof AppError ? err.code : err.message) === "ERR_WAPP_NOT_INITIALIZED");
}

const SENDS = new Set(["sendText", "sendMedia", "sendLocation", "sendContact"]);

export function watchChannel(sessions: Sessions) {
  let state: ChannelState = "unsent";
  const watched: Sessions = {
    connected(companyId, whatsappId) {
      const session = sessions.connected(companyId, whatsappId);
      return new Proxy(session, {
        get(target, prop) {
          const value = Reflect.get(target, prop, target);
          if (typeof value !== "function") return value;
          if (!SENDS.has(String(prop))) return value.bind(target);
          return async (...args: unknown[]) => {
            try {
              const sent = await value.apply(target, args);
              state = "accepted";
              return sent;
            } catch (err) {
              // A refusal after an earlier item of the same send went out leaves that one out.
              if (state !== "accepted") {
                state = refusedUnsent(err) ? "refused" : err instanceof RateLimitedError ? "rateLimited" : "unknown";
              } else state = "unknown";
              throw err;
            }
          };
        },
      }) as ChannelSession;
    },
  };
  return { sessions: watched, state: () => state };
}
