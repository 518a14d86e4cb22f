import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { isApiError } from "../api/errors.ts";
import { fieldMessage } from "../components/toast.ts";
import { focusFirstInvalid } from "./focusFirstInvalid.ts";
import { hasIssues, type Issues } from "./validation.ts";

/**
 * Field errors of a form. Nothing is shown until the first submit; from then on the
 * rules run on every render, so a fixed field loses its error as the user types.
 * A server ERR_VALIDATION naming a field shows its message until the next submit.
 * A failed submit moves focus to the first field in error, scrolled into view.
 */
export function useIssues<F extends string>(validate: () => Issues<F>) {
  const { t } = useTranslation();
  const [attempted, setAttempted] = useState(false);
  const [server, setServerState] = useState<{ field: string; message: string } | null>(null);
  const issues: Issues<F> = attempted ? validate() : {};
  // Bumped by each failed submit; the focus moves once the errors (and any section or tab
  // the form opened to show them) are on screen.
  const [failures, setFailures] = useState(0);
  useEffect(() => {
    if (failures > 0) focusFirstInvalid(formInFocus());
  }, [failures]);

  /** Mark the form submitted; true when every rule passes. */
  const check = (): boolean => {
    setAttempted(true);
    setServerState(null);
    const valid = !hasIssues(validate());
    if (!valid) setFailures((count) => count + 1);
    return valid;
  };

  const setServer = (field: string, message: string) => {
    setServerState({ field, message });
    setFailures((count) => count + 1);
  };

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

/** The form being submitted: the one holding focus, else the open dialog, else the page. */
function formInFocus(): ParentNode {
  const active = document.activeElement;
  const dialogs = document.querySelectorAll('[role="dialog"], [role="alertdialog"]');
  return active?.closest("form") ?? dialogs[dialogs.length - 1] ?? document;
}
