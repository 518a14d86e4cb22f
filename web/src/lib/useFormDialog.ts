import { useState } from "react";
import { isApiError } from "../api/errors.ts";
import { errorMessage, toast } from "../components/toast.ts";
import { useIssues } from "./useIssues.ts";
import type { Issues } from "./validation.ts";

export interface FormOptions<V, F extends string> {
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
export function useFormDialog<V, F extends string>(options: FormOptions<V, F>) {
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

  /** An input's props for one field: its value, its change and its error. */
  const field = <K extends keyof V & string>(key: K) => ({
    value: values[key],
    onChange: (value: V[K]) => patch({ [key]: value } as unknown as Partial<V>),
    error: issues.text(key as string as F),
  });

  /** A switch's props for one yes/no field. */
  const toggle = <K extends KeysOf<V, boolean>>(key: K) => ({
    isSelected: values[key] as boolean,
    onChange: (value: boolean) => patch({ [key]: value } as unknown as Partial<V>),
  });

  return { values, patch, busy, issues, field, toggle, submit: () => void submit() };
}

/** The form's state as useFormDialog hands it out. */
export type FormState<V, F extends string> = ReturnType<typeof useFormDialog<V, F>>;

type KeysOf<V, X> = { [K in keyof V]: V[K] extends X ? K : never }[keyof V] & string;
