import { request } from "./client.ts";
import type { User, UserInput, UserListItem, UserPage } from "./types.ts";

export const users = {
  page: (searchParam: string, pageNumber: number) =>
    request<UserPage>("/users", { query: { searchParam, pageNumber } }),
  list: () => request<UserListItem[]>("/users/list"),
  get: (id: number) => request<User>(`/users/${id}`),
  create: (input: UserInput) => request<User>("/users", { method: "POST", body: input }),
  update: (id: number, input: Partial<UserInput>) =>
    request<User>(`/users/${id}`, { method: "PUT", body: input }),
  remove: (id: number) => request<void>(`/users/${id}`, { method: "DELETE" }),
};
