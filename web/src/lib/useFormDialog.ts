import { useState } from "react";
import { isApiError } from "../api/errors.ts";
import { errorMessage, toast } from "../components/toast.ts";
import { useIssues } from "./useIssues.ts";
import type { Issues } from "./validation.ts";

interface Options<V, F extends string> {
  initial: () => V;
  validate: (values: V) => Issues<F>;
  /** Sends the values; it also says what success does (toast, close the dialog or stay). */
  save: (values: V) => Promise<void>;
  /** Codes the server answers for a value already taken, and the field that shows them. */
  conflicts?: Readonly<Partial<Record<string, F>>>;
  /** The page's own words for a failed save, used unless the catalogue has specific ones. */
  failureText?: string;
  /** The rules failed on submit (e.g. show the tab holding the first error). */
  onInvalid?: (issues: Issues<F>) => void;
  /** A save failed; its error is already shown. */
  onFailed?: (error: unknown) => void;
}

/**
 * The state of an add/edit dialog's form: its values, its field errors and one submit
 * that checks the rules, saves, and on failure shows the error under its field and in a toast.
 */
export function useFormDialog<V, F extends string>(options: Options<V, F>) {
  const [values, setValues] = useState<V>(options.initial);
  const [busy, setBusy] = useState(false);
  const issues = useIssues<F>(() => options.validate(values));
  const patch = (next: Partial<V>) => setValues((previous) => ({ ...previous, ...next }));

  const submit = async () => {
    if (busy) return;
    if (!issues.check()) {
      options.onInvalid?.(options.validate(values));
      return;
    }
    setBusy(true);
    try {
      await options.save(values);
    } catch (error) {
      const field = isApiError(error) ? options.conflicts?.[error.code] : undefined;
      if (field) issues.setServer(field, errorMessage(error));
      else issues.fromError(error);
      if (options.failureText) toast.failure(error, options.failureText);
      else toast.apiError(error);
      options.onFailed?.(error);
    } finally {
      // A dialog that closed on success is gone by now; one that stays open is ready again.
      setBusy(false);
    }
  };

  return { values, patch, busy, issues, submit: () => void submit() };
}
