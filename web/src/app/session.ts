/**
 * The signed-in session as signals: token, user, company, plan. Login stores token,
 * companyId and userId in localStorage; losing the session clears them (the route guards
 * then send the visitor to /login).
 */
import { batch, computed, effect, signal } from "@preact/signals-react";
import { api, configureClient, getToken, isApiError, setToken } from "../api/index.ts";
import type { Company, LoginResult, Plan, SessionUser, Setting } from "../api/types.ts";
import { toast } from "../components/toast.ts";
import { i18n } from "../i18n/index.ts";
import { keys, write } from "../lib/storage.ts";
import { formatDate, todayIso } from "../lib/format.ts";
import { navigate } from "wouter/use-browser-location";
import { CLOSE_COMPANY_CHANGED } from "../../../contracts/realtime.ts";
import { realtime } from "./realtimeInstance.ts";
import { watchSessionEvents } from "./sessionEvents.ts";
import { syncCampaignsFlag } from "./campaignsFlag.ts";
import { type Ability, may } from "../../../contracts/profiles.ts";

export const token = signal<string | null>(getToken());
export const currentUser = signal<SessionUser | null>(null);

export const isSignedIn = computed(() => token.value !== null);
export const company = computed<Company | null>(() => currentUser.value?.company ?? null);
export const plan = computed<Plan | null>(() => company.value?.plan ?? null);
/** What each profile may do is declared once (contracts/profiles.ts), for the server and here. */
const mayDo = (ability: Ability) => {
  const user = currentUser.value;
  return user !== null && may(user, ability);
};
/** Admin profile, or the super flag (the server treats super users as admins too). */
export const isAdmin = computed(() => mayDo("administer"));
/** Admins and supervisors: their queues' every ticket (Todos), stepping in, the dashboard. */
export const isSupervisor = computed(() => mayDo("supervise"));
export const isSuper = computed(() => currentUser.value?.super === true);
/** Admins and supervisors: campaigns and contact lists are theirs (the server allows both). */
export const isStaff = computed(() => mayDo("configureOutreach"));
export const settings = computed<Setting[]>(() => company.value?.settings ?? []);
/** Days to the company's due date as the server counts them (its clock decides overdue); null: none. */
export const dueInDays = signal<number | null>(null);

/** Today in the company's time zone (its days are the server's: dashboards, reports). */
export const companyToday = (): string => todayIso(new Date(), settingValue("timezone"));

export function settingValue(key: string): string | undefined {
  return settings.value.find((setting) => setting.key === key)?.value;
}

let stopWatching: (() => void) | null = null;

/**
 * The due date as the server counts it now (the banner follows it); signed in past it (an
 * admin, through the overdue door): warn and open the invoices. The server's count of days
 * decides, as its guard does: the browser's clock and time zone may say another day.
 */
function followDueDate(user: SessionUser & { dueInDays: number | null }): void {
  dueInDays.value = user.dueInDays;
  if (!isOverdue(user.dueInDays)) return;
  warnIfOverdue(user.dueInDays, user.company?.dueDate);
  navigate("/financeiro", { replace: true });
}

/**
 * The server closed the socket because the company's access or plan changed: an inactive
 * company, or an overdue one's other users, are signed out at once; an overdue company's
 * admin is warned and sent to pay; the plan (menu, page guards) is read again.
 */
async function recheckCompany(): Promise<void> {
  try {
    const user = await api.auth.me();
    updateCurrentUser(user);
    void loadPlan(user.companyId);
    followDueDate(user);
  } catch (error) {
    if (isApiError(error) && (error.code === "ERR_COMPANY_INACTIVE" || error.code === "ERR_SUBSCRIPTION_EXPIRED")) {
      endSession();
      signOutReason.value = "locked";
    }
  }
}

/** The overdue door's pages: an admin refused elsewhere is sent here, so nothing to look at again. */
const DOOR_PAGES = new Set(["/financeiro", "/subscription"]);
let rechecking: Promise<void> | null = null;

/**
 * Once at a time: a refused page fires many calls, and the check's own call may be refused.
 * A call refused for the company (a lapse whose socket close this page missed, as when its
 * socket opened just after) checks as the close does.
 */
function recheckOnce(): void {
  if (!currentUser.value) return;
  rechecking ??= recheckCompany().finally(() => {
    rechecking = null;
  });
}

function adopt(user: SessionUser): void {
  batch(() => {
    token.value = getToken();
    currentUser.value = user;
  });
  write(keys.companyId, String(user.companyId));
  write(keys.userId, String(user.id));
  if (!stopWatching) {
    realtime.connect();
    const stopClose = realtime.onServerClose((code) => {
      if (code === CLOSE_COMPANY_CHANGED) recheckOnce();
    });
    const stopEvents = watchSessionEvents(user.companyId, user.id, {
      ownUserUpdated: (updated) => updateCurrentUser(updated),
      ownUserDeleted: endSession,
      signedOutElsewhere: () => {
        endSession();
        signOutReason.value = "elsewhere";
      },
      settingUpdated: updateSetting,
    });
    stopWatching = () => {
      stopClose();
      stopEvents();
    };
  }
  // The plan as the server enforces it now (the user's copy may predate a plan change).
  void loadPlan(user.companyId);
}

async function loadPlan(companyId: number): Promise<void> {
  try {
    const loaded = await api.companies.planOf(companyId);
    const user = currentUser.value;
    if (user?.company) currentUser.value = { ...user, company: { ...user.company, plan: loaded } };
  } catch {
    // the menu simply hides plan-gated entries
  }
}

/** Why the session ended, when it was not the user's choice: the login page tells it. */
export const signOutReason = signal<"elsewhere" | "locked" | null>(null);

/**
 * Drop the session locally: token, companyId, userId, signals, realtime. Preferences and
 * the composer's drafts (keyed by user) stay.
 */
export function endSession(): void {
  stopWatching?.();
  stopWatching = null;
  realtime.disconnect();
  setToken(null);
  write(keys.companyId, null);
  write(keys.userId, null);
  batch(() => {
    token.value = null;
    currentUser.value = null;
    dueInDays.value = null;
  });
}

export async function login(email: string, password: string): Promise<LoginResult> {
  const result = await api.auth.login(email, password);
  signOutReason.value = null;
  setToken(result.token);
  adopt(result.user);
  dueInDays.value = result.dueInDays;
  warnIfOverdue(result.dueInDays, result.user.company?.dueDate);
  return result;
}

/** An overdue company's admin is signed in only to pay (the server's overdue door). */
export const isOverdue = (dueInDays: number | null | undefined) =>
  typeof dueInDays === "number" && dueInDays < 0;

/**
 * Past its due date: the spec's overdue message (its admin is let in to pay). A date still
 * ahead is the layout's banner (DueBanner), which stays until it is paid.
 */
function warnIfOverdue(days: number | null, dueDate?: string | null): void {
  if (!isOverdue(days)) return;
  toast.warning(i18n.t("errors.ERR_SUBSCRIPTION_EXPIRED", { date: formatDate(dueDate) }));
}

export async function logout(): Promise<void> {
  try {
    await api.auth.logout();
  } catch {
    // the local session goes away regardless
  }
  endSession();
}

/** On start with a stored token: load the user (GET /auth/me) or drop the session. */
export async function restoreSession(): Promise<void> {
  if (!getToken()) return endSession();
  try {
    const user = await api.auth.me();
    adopt(user);
    followDueDate(user);
  } catch (error) {
    if (isApiError(error) && error.code === "ERR_NETWORK") {
      setTimeout(() => void restoreSession(), 3000);
      return;
    }
    endSession();
  }
}

/** Merge changes into the signed-in user (the company is kept unless given). */
export function updateCurrentUser(patch: Partial<SessionUser>): void {
  const user = currentUser.value;
  if (user) currentUser.value = { ...user, ...patch, company: patch.company ?? user.company };
}

export function updateSetting(setting: Setting): void {
  const user = currentUser.value;
  if (!user?.company) return;
  const others = (user.company.settings ?? []).filter((entry) => entry.key !== setting.key);
  updateCurrentUser({ company: { ...user.company, settings: [...others, setting] } });
}

// The company as read at sign-in or refresh, or changed live, decides the campaigns' flag.
effect(() => syncCampaignsFlag(company.value));

configureClient({
  onTokenRefreshed: (result) => {
    token.value = result.token;
    if (result.user) updateCurrentUser(result.user);
  },
  onSessionLost: endSession,
  onCompanyRefused: () => {
    if (!DOOR_PAGES.has(globalThis.location?.pathname)) recheckOnce();
  },
});
