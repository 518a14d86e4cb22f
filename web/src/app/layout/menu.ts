/** Side-menu entries and who sees them (seed 000 section 2, seed 001 section 6). */
import type { Plan, PlanFlags } from "../../api/types.ts";
import type { IconName } from "../../components/Icon.tsx";
import { campaignsAreaOpen } from "../campaignsFlag.ts";

export type MenuSection = "main" | "campaigns" | "admin";

export interface MenuEntry {
  path: string;
  labelKey: string;
  /** The link's accessible name when the visible label alone is ambiguous (two "Configurações"). */
  nameKey?: string;
  icon: IconName;
  section: MenuSection;
  adminOnly?: boolean;
  superOnly?: boolean;
  planFlag?: keyof PlanFlags;
  /** Admins and supervisors. */
  staffOnly?: boolean;
  /** Those who supervise queues: admins and supervisors (the dashboard). */
  supervisorOnly?: boolean;
  /** Shown while the campaigns area is open (campaignsAreaOpen: the plan's useCampaigns and the cshow flag). */
  campaigns?: boolean;
}

/**
 * Only entries whose pages exist are listed; the others (queues…) join here with their pages.
 */
export const menuEntries: readonly MenuEntry[] = [
  {
    path: "/",
    labelKey: "menu.dashboard",
    icon: "dashboard",
    section: "main",
    supervisorOnly: true,
  },
  { path: "/tickets", labelKey: "menu.tickets", icon: "tickets", section: "main" },
  { path: "/kanban", labelKey: "menu.kanban", icon: "kanban", section: "main", planFlag: "useKanban" },
  { path: "/quick-messages", labelKey: "menu.quickMessages", icon: "reply", section: "main" },
  { path: "/contacts", labelKey: "menu.contacts", icon: "contactCard", section: "main" },
  { path: "/tags", labelKey: "menu.tags", icon: "tag", section: "main" },
  {
    path: "/schedules",
    labelKey: "menu.schedules",
    icon: "clock",
    section: "main",
    planFlag: "useSchedules",
  },
  { path: "/chats", labelKey: "menu.chats", icon: "forum", section: "main", planFlag: "useInternalChat" },
  { path: "/todolist", labelKey: "todo.menu", icon: "checklist", section: "main" },
  {
    path: "/announcements",
    labelKey: "announcements.menu",
    icon: "announcement",
    section: "admin",
    superOnly: true,
  },
  { path: "/files", labelKey: "menu.files", icon: "attach", section: "main" },
  {
    path: "/campaigns",
    labelKey: "campaigns.menu.list",
    icon: "send",
    section: "campaigns",
    staffOnly: true,
    campaigns: true,
  },
  {
    path: "/contact-lists",
    labelKey: "campaigns.menu.contactLists",
    icon: "fileDocument",
    section: "campaigns",
    staffOnly: true,
    campaigns: true,
  },
  {
    path: "/campaigns-config",
    labelKey: "campaigns.menu.config",
    nameKey: "campaigns.menu.configName",
    icon: "settings",
    section: "campaigns",
    staffOnly: true,
    campaigns: true,
  },
  {
    path: "/phrase-lists",
    labelKey: "flows.menu.campaigns",
    icon: "phrase",
    section: "campaigns",
    staffOnly: true,
    campaigns: true,
  },
  {
    path: "/flowbuilders",
    labelKey: "flows.menu.flows",
    icon: "flow",
    section: "campaigns",
    staffOnly: true,
    campaigns: true,
  },
  { path: "/helps", labelKey: "helps.menu", icon: "help", section: "main" },
  { path: "/users", labelKey: "menu.users", icon: "users", section: "admin", adminOnly: true },
  {
    path: "/connections",
    labelKey: "menu.connections",
    icon: "connections",
    section: "admin",
    adminOnly: true,
  },
  { path: "/queues", labelKey: "menu.queues", icon: "queues", section: "admin", adminOnly: true },
  { path: "/queue-integration", labelKey: "queueIntegrations.menu", icon: "layers", section: "admin", staffOnly: true, planFlag: "useIntegrations" },
  {
    path: "/messages-api",
    labelKey: "menu.messagesApi",
    icon: "api",
    section: "admin",
    adminOnly: true,
    planFlag: "useExternalApi",
  },
  {
    path: "/prompts",
    labelKey: "prompts.menu",
    icon: "robot",
    section: "admin",
    adminOnly: true,
    planFlag: "useOpenAi",
  },
  { path: "/financeiro", labelKey: "billing.menu", icon: "payments", section: "admin", adminOnly: true },
  {
    path: "/subscription",
    labelKey: "billing.subscription.title",
    icon: "checkCircle",
    section: "admin",
    adminOnly: true,
  },
  {
    path: "/settings",
    labelKey: "menu.settings",
    icon: "settings",
    section: "admin",
    adminOnly: true,
  },
];

export interface Viewer {
  isAdmin: boolean;
  isSuper: boolean;
  plan: Plan | null;
  /** Admin or supervisor. */
  isStaff?: boolean;
  /** Supervises queues (admin or supervisor). */
  isSupervisor?: boolean;
  /** The browser's cshow flag exists. */
  campaignsFlag?: boolean;
}

export function isVisible(entry: MenuEntry, viewer: Viewer): boolean {
  if (entry.section === "admin" && !viewer.isAdmin) return false;
  if (entry.adminOnly && !viewer.isAdmin) return false;
  if (entry.superOnly && !viewer.isSuper) return false;
  if (entry.staffOnly && !(viewer.isStaff || viewer.isAdmin)) return false;
  if (entry.supervisorOnly && !(viewer.isSupervisor || viewer.isAdmin)) return false;
  if (entry.planFlag && !viewer.plan?.[entry.planFlag]) return false;
  if (entry.campaigns && !campaignsAreaOpen(viewer.plan, viewer.campaignsFlag ?? false)) return false;
  return true;
}

export function visibleEntries(entries: readonly MenuEntry[], viewer: Viewer) {
  const visible = entries.filter((entry) => isVisible(entry, viewer));
  return {
    main: visible.filter((entry) => entry.section === "main"),
    campaigns: visible.filter((entry) => entry.section === "campaigns"),
    admin: visible.filter((entry) => entry.section === "admin"),
  };
}
