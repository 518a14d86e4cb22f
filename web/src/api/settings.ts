import { request } from "./client.ts";
import type { Setting } from "./types.ts";

export const settings = {
  list: () => request<Setting[]>("/settings"),
  update: (key: string, value: string) =>
    request<Setting>(`/settings/${encodeURIComponent(key)}`, {
      method: "PUT",
      body: { key, value },
    }),
};
