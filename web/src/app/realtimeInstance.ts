import { api, getToken } from "../api/index.ts";
import { RealtimeClient } from "./realtime.ts";

/**
 * The app's one realtime connection. When an attempt fails before opening, a cheap
 * authenticated call lets the API client refresh an expired token for the next attempt.
 */
export const realtime = new RealtimeClient({
  getToken,
  onConnectFailed: () => api.auth.me().catch(() => undefined),
});
