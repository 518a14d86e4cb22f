import { useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../api/errors.ts";
import { fieldMessage } from "../components/toast.ts";
import { hasIssues, type Issues } from "./validation.ts";

/**
 * Field errors of a form. Nothing is shown until the first submit; from then on the
 * rules run on every render, so a fixed field loses its error as the user types.
 * A server ERR_VALIDATION naming a field shows its message until the next submit.
 */
export function useIssues<F extends string>(validate: () => Issues<F>) {
  const { t } = useTranslation();
  const [attempted, setAttempted] = useState(false);
  const [server, setServerState] = useState<{ field: string; message: string } | null>(null);
  const issues: Issues<F> = attempted ? validate() : {};

  /** Mark the form submitted; true when every rule passes. */
  const check = (): boolean => {
    setAttempted(true);
    setServerState(null);
    return !hasIssues(validate());
  };

  const setServer = (field: string, message: string) => setServerState({ field, message });

  /** Show a failed call's message under the field the server named, if any. */
  const fromError = (error: unknown) => {
    if (isApiError(error) && error.field) setServer(error.field, fieldMessage(error));
  };

  /** Back to a pristine form (a new step of a wizard). */
  const reset = () => {
    setAttempted(false);
    setServerState(null);
  };

  const text = (field: F): string | null => {
    const issue = issues[field];
    if (issue) return t(issue.key, issue.params ?? {});
    return server?.field === field ? server.message : null;
  };

  return { check, setServer, fromError, text, reset };
}
