import type { AllTicket, Profile, User, UserInput } from "../../api/types.ts";
import { collect, email, type Issues, length } from "../../lib/validation.ts";

export type UserField = "name" | "email" | "password";

export interface UserValues {
  name: string;
  email: string;
  password: string;
  profile: Profile;
  allTicket: AllTicket;
  queueIds: string[];
  /** "" for no default connection. */
  whatsappId: string;
}

/** Defaults for a new user: profile user, allTicket desabled. */
export function initialValues(user: User | null): UserValues {
  return {
    name: user?.name ?? "",
    email: user?.email ?? "",
    password: "",
    profile: user?.profile ?? "user",
    allTicket: user?.allTicket ?? "desabled",
    queueIds: (user?.queues ?? []).map((queue) => String(queue.id)),
    whatsappId: user?.whatsappId ? String(user.whatsappId) : "",
  };
}

/** Name 2..50, email valid, password 5..50 (optional when editing). */
export function validateUser(values: UserValues, editing: boolean): Issues<UserField> {
  return collect<UserField>({
    name: length(values.name, 2, 50),
    email: email(values.email),
    password: length(values.password, 5, 50, !editing),
  });
}

/** The request body; admin-only fields are sent only by admins. */
export function toUserInput(values: UserValues, asAdmin: boolean): UserInput {
  const input: UserInput = { name: values.name.trim(), email: values.email.trim() };
  if (values.password) input.password = values.password;
  if (asAdmin) {
    input.profile = values.profile;
    input.allTicket = values.allTicket;
    input.queueIds = values.queueIds.map(Number);
    input.whatsappId = values.whatsappId ? Number(values.whatsappId) : null;
  }
  return input;
}
