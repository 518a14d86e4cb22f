import { useSignals } from "@preact/signals-react/runtime";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Redirect, useLocation } from "wouter";
import { toast } from "../components/toast.ts";
import { PageLoader } from "../components/PageLoader.tsx";
import {
  currentUser,
  isAdmin,
  isSignedIn,
  isStaff,
  isSuper,
  isSupervisor,
  plan,
} from "./session.ts";
import type { PlanFlags } from "../api/types.ts";

export const HOME = "/tickets";
export const REDIRECT_DELAY_MS = 1000;

/** /login, /signup, /forgetpsw: a signed-in user is moved to /tickets. */
export function PublicOnly({ children }: { children: ReactNode }) {
  useSignals();
  if (isSignedIn.value) return <Redirect to={HOME} replace />;
  return <>{children}</>;
}

/** Every other route needs a session; while the user loads, show a loader. */
export function Private({ children }: { children: ReactNode }) {
  useSignals();
  if (!isSignedIn.value) return <Redirect to="/login" replace />;
  if (!currentUser.value) return <PageLoader />;
  return <>{children}</>;
}

/** Admin-only pages: others get 'Acesso não permitido' and go home after 1 s. */
export function AdminOnly({ children }: { children: ReactNode }) {
  useSignals();
  return <Allowed allowed={isAdmin.value}>{children}</Allowed>;
}

/** Admins' and supervisors' pages (campaigns, contact lists): others are turned away as from AdminOnly. */
export function StaffOnly({ children }: { children: ReactNode }) {
  useSignals();
  return <Allowed allowed={isStaff.value}>{children}</Allowed>;
}

/** Supervision pages (the dashboard): admins and supervisors; others are turned away as from AdminOnly. */
export function SupervisorOnly({ children }: { children: ReactNode }) {
  useSignals();
  return <Allowed allowed={isSupervisor.value}>{children}</Allowed>;
}

function Allowed({ allowed, children }: { allowed: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  useEffect(() => {
    if (allowed) return;
    toast.error(t("session.noAccess"));
    const timer = setTimeout(() => navigate(HOME, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [allowed, navigate, t]);
  return allowed ? <>{children}</> : null;
}

/** Super users' pages (announcements): others get an info toast and go home after 1 s. */
export function SuperOnly({ message, children }: { message: string; children: ReactNode }) {
  useSignals();
  const [, navigate] = useLocation();
  const allowed = isSuper.value;
  useEffect(() => {
    if (allowed) return;
    toast.info(message);
    const timer = setTimeout(() => navigate(HOME, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [allowed, navigate, message]);
  return allowed ? <>{children}</> : null;
}

/**
 * Pages of a plan feature (seed 001 section 6, seed 002 section 6): a company whose plan
 * lacks the flag gets an error toast and goes home after 1 s. The server refuses the
 * area's calls anyway; this only spares the visit.
 */
export function PlanOnly({ flag, message, children }: { flag: keyof PlanFlags; message?: string; children: ReactNode }) {
  useSignals();
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const known = plan.value !== null;
  const allowed = plan.value?.[flag] === true;
  const text = message ?? t("planAccess.pageDenied");
  useEffect(() => {
    if (!known || allowed) return;
    toast.error(text);
    const timer = setTimeout(() => navigate(HOME, { replace: true }), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [known, allowed, navigate, text]);
  if (!known) return <PageLoader />;
  return allowed ? <>{children}</> : null;
}
