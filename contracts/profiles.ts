// The profiles and what each may do: one table read by the server's guards and services and
// by the web's menu, guards and users dialog, so the two never disagree. Imported by
// relative path from both sides, so this file imports nothing.
//   admin       everything of the company: users, connections, queues, settings, billing,
//               the send API; every ticket of every queue.
//   supervisor  supervises the queues she belongs to: lists (showAll) and opens every ticket
//               of them, steps in, reassigns, reads their dashboard; configures the outreach
//               (campaigns, contact lists, file lists) and the kanban lanes (the spec).
//   user        an agent: his own tickets and the waiting ones of his queues.
// The super flag (the platform's owner) may everything an admin may.

export const PROFILES = ["admin", "supervisor", "user"] as const;
export type Profile = typeof PROFILES[number];

export type Ability =
  /** Users, connections, queues, settings, billing, the send API, deleting tickets. */
  | "administer"
  /** Every ticket of every queue, and the whole company's dashboard. */
  | "allQueues"
  /** Every ticket of one's own queues (list, open, step in, reassign) and their dashboard. */
  | "supervise"
  /** Campaigns, contact lists, file lists, kanban lanes. */
  | "configureOutreach";

const ABILITIES: Record<Profile, readonly Ability[]> = {
  admin: ["administer", "allQueues", "supervise", "configureOutreach"],
  supervisor: ["supervise", "configureOutreach"],
  user: [],
};

export interface Holder {
  profile: Profile;
  super?: boolean;
}

export function may(who: Holder, ability: Ability): boolean {
  return who.super === true || ABILITIES[who.profile].includes(ability);
}
