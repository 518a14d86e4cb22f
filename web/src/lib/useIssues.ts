import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Issues } from "./validation.ts";

/**
 * Field errors of a form: client checks (i18n keys) plus the field a server
 * ERR_VALIDATION names (its message shown as is).
 */
export function useIssues<F extends string>() {
  const { t } = useTranslation();
  const [issues, setIssues] = useState<Issues<F>>({});
  const [server, setServerState] = useState<Partial<Record<string, string>>>({});

  const set = useCallback((next: Issues<F>) => {
    setIssues(next);
    setServerState({});
  }, []);

  const setServer = useCallback((field: string, message: string) => {
    setServerState({ [field]: message });
  }, []);

  const text = (field: F): string | null => {
    const issue = issues[field];
    if (issue) return t(issue.key, issue.params);
    return server[field] ?? null;
  };

  return { set, setServer, text };
}
