/**
 * Each page's code and the first data it asks for, loaded together: a menu click waits for
 * both (the current page stays on screen meanwhile), so the next page draws complete at once
 * instead of a loader, then an empty table, then its rows.
 */
import { type ComponentType, createElement, use } from "react";
import { api } from "../api/index.ts";
import { warm } from "../api/warm.ts";

interface PageLoad {
  code: () => Promise<unknown>;
  /** The page's first GETs, with the same arguments as the page uses (else it asks again). */
  data?: () => Promise<unknown>[];
}

/**
 * A page whose code loads on first need, like React.lazy, but drawn at once when its code is
 * already in: React.lazy suspends once even then, and React holds a shown fallback for 300 ms.
 */
function page<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  data?: () => Promise<unknown>[],
) {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<unknown> | undefined;
  const code = () =>
    loading ??= load().then(
      (module) => (loaded = module.default),
      (error) => {
        // A failed download is tried again on the next visit.
        loading = undefined;
        throw error;
      },
    );
  function Page(props: P) {
    if (!loaded) use(code());
    return loaded ? createElement(loaded, props) : null;
  }
  return { code, data, Page };
}

const firstPage = { searchParam: "", pageNumber: 1 };

export const pages = {
  login: page(() => import("../pages/login/LoginPage.tsx")),
  signup: page(() => import("../pages/signup/SignupPage.tsx")),
  forgetPassword: page(() => import("../pages/forgetpsw/ForgetPasswordPage.tsx")),
  tickets: page(() => import("../pages/tickets/TicketsPage.tsx")),
  users: page(() => import("../pages/users/UsersPage.tsx"), () => [api.users.page("", 1)]),
  settings: page(() => import("../pages/settings/SettingsPage.tsx")),
  connections: page(
    () => import("../pages/connections/ConnectionsPage.tsx"),
    () => [api.whatsapps.list()],
  ),
  messagesApi: page(() => import("../pages/messages-api/MessagesApiPage.tsx")),
  quickMessages: page(
    () => import("../pages/quick-messages/QuickMessagesPage.tsx"),
    () => [api.quickMessages.page(firstPage)],
  ),
  schedules: page(
    () => import("../pages/schedules/SchedulesPage.tsx"),
    () => [api.schedules.page(firstPage)],
  ),
  dashboard: page(() => import("../pages/dashboard/DashboardPage.tsx")),
  contacts: page(
    () => import("../pages/contacts/ContactsPage.tsx"),
    () => [api.contacts.page(firstPage)],
  ),
  tags: page(() => import("../pages/tags/TagsPage.tsx"), () => [api.tags.page(firstPage)]),
  kanban: page(() => import("../pages/kanban/KanbanPage.tsx")),
  queues: page(() => import("../pages/queues/QueuesPage.tsx"), () => [api.queues.list()]),
  chats: page(() => import("../pages/chats/ChatsPage.tsx")),
  announcements: page(() => import("../pages/announcements/AnnouncementsPage.tsx")),
  todoList: page(() => import("../pages/todolist/TodoListPage.tsx")),
  files: page(() => import("../pages/files/FilesPage.tsx")),
  prompts: page(() => import("../pages/prompts/PromptsPage.tsx"), () => [api.prompts.list()]),
  helps: page(() => import("../pages/helps/HelpsPage.tsx"), () => [api.helps.list()]),
  contactLists: page(() => import("../pages/contact-lists/ContactListsPage.tsx")),
  contactListItems: page(() => import("../pages/contact-lists/ContactListItemsPage.tsx")),
  campaigns: page(
    () => import("../pages/campaigns/CampaignsPage.tsx"),
    () => [api.campaigns.page(firstPage)],
  ),
  campaignReport: page(() => import("../pages/campaigns/CampaignReportPage.tsx")),
  campaignsConfig: page(
    () => import("../pages/campaigns/CampaignsConfigPage.tsx"),
    () => [api.campaignSettings.get()],
  ),
  flows: page(
    () => import("../pages/flowbuilder/FlowsPage.tsx"),
    () => [api.flows.page(firstPage)],
  ),
  flowEditor: page(() => import("../pages/flowbuilder/editor/FlowEditorPage.tsx")),
  phraseLists: page(() => import("../pages/phrase-lists/PhraseListsPage.tsx")),
  financeiro: page(
    () => import("../pages/financeiro/FinanceiroPage.tsx"),
    () => [api.invoices.page(firstPage)],
  ),
  subscription: page(() => import("../pages/subscription/SubscriptionPage.tsx")),
  queueIntegrations: page(() => import("../pages/queue-integration/QueueIntegrationsPage.tsx"), () => [api.queueIntegrations.page(firstPage)]),
} satisfies Record<string, PageLoad>;

const PAGE_OF_PATH: Readonly<Record<string, PageLoad>> = {
  "/": pages.dashboard,
  "/tickets": pages.tickets,
  "/contacts": pages.contacts,
  "/tags": pages.tags,
  "/kanban": pages.kanban,
  "/quick-messages": pages.quickMessages,
  "/schedules": pages.schedules,
  "/users": pages.users,
  "/settings": pages.settings,
  "/queues": pages.queues,
  "/connections": pages.connections,
  "/messages-api": pages.messagesApi,
  "/chats": pages.chats,
  "/announcements": pages.announcements,
  "/todolist": pages.todoList,
  "/files": pages.files,
  "/helps": pages.helps,
  "/contact-lists": pages.contactLists,
  "/campaigns": pages.campaigns,
  "/campaign": pages.campaignReport,
  "/campaigns-config": pages.campaignsConfig,
  "/flowbuilders": pages.flows,
  "/flowbuilder": pages.flowEditor,
  "/phrase-lists": pages.phraseLists,
  "/financeiro": pages.financeiro,
  "/subscription": pages.subscription,
  "/prompts": pages.prompts,
  "/queue-integration": pages.queueIntegrations,
};

/** The page behind an in-app address (its path without query or a ticket id), if known. */
export function pageLoadOf(href: string): PageLoad | undefined {
  const path = href.split(/[?#]/)[0];
  return PAGE_OF_PATH[path] ?? PAGE_OF_PATH[`/${path.split("/")[1] ?? ""}`];
}

/** A switch waits at most this long; past it the page shows its own loading state. */
export const SWITCH_WAIT_MS = 1_500;

/** Loads the code and first data of the page at href; settles (never rejects) when both are in. */
export function preloadPage(href: string): Promise<unknown> {
  const load = pageLoadOf(href);
  if (!load) return Promise.resolve();
  return Promise.allSettled([load.code(), load.data ? warm(load.data) : undefined]);
}

/** Navigates once the page at href is loaded (or after SWITCH_WAIT_MS), the old page shown meanwhile. */
export async function navigateWhenReady(href: string, navigate: (href: string) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    preloadPage(href),
    new Promise((resolve) => (timer = setTimeout(resolve, SWITCH_WAIT_MS))),
  ]);
  clearTimeout(timer);
  navigate(href);
}

/**
 * Every page's code, fetched when the browser is idle after sign-in (a few small files), so
 * a first visit does not wait for it either.
 */
export function preloadAllPageCode(): () => void {
  const run = () => {
    for (const load of Object.values(pages)) load.code().catch(() => {});
  };
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(run, { timeout: 3_000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 1_000);
  return () => clearTimeout(id);
}
