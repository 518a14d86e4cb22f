import type { ReactNode } from "react";
import { type FormOptions, type FormState, useFormDialog } from "../lib/useFormDialog.ts";
import { AppDialog } from "./AppDialog.tsx";
import { toast } from "./toast.ts";

interface Props<V, F extends string, R> extends Omit<FormOptions<V, F>, "save"> {
  title: string;
  /** Sends the values; answers the record the server saved. */
  save: (values: V) => Promise<R>;
  /** The toast after a save (a function when it depends on how the save went). */
  savedText: string | ((saved: R) => string);
  /** False: a save leaves the dialog open (a new queue goes on to its menu). */
  closeOnSave?: boolean;
  /** Omitted when the page follows the save through its live events. */
  onSaved?: (saved: R) => void;
  onClose: () => void;
  /** The fields, drawn from the form's state (form.field("name") binds an input). */
  children: (form: FormState<V, F>) => ReactNode;
  /** The buttons' words when not Cancel and Save. */
  cancelLabel?: string;
  submitLabel?: string;
  /** Buttons in place of Cancel and Save. */
  footer?: (form: FormState<V, F>) => ReactNode;
  /** Nothing to save: the fields are shown, not submitted. */
  readOnly?: boolean;
  wide?: boolean;
}

/**
 * An add/edit dialog: its fields, the rules checked on submit (focus on the first error,
 * useIssues), the save with a toast for its outcome, then the saved record handed back
 * and (unless closeOnSave is false) the dialog closed. An area declares its fields and its save.
 */
export function FormDialog<V, F extends string, R>(props: Props<V, F, R>) {
  const {
    title,
    savedText,
    onSaved,
    onClose,
    closeOnSave,
    children,
    cancelLabel,
    submitLabel,
    footer,
    readOnly,
    wide,
    ...options
  } = props;
  const form = useFormDialog<V, F>({
    ...options,
    save: async (values) => {
      const saved = await props.save(values);
      toast.success(typeof savedText === "string" ? savedText : savedText(saved));
      onSaved?.(saved);
      if (closeOnSave !== false) onClose();
    },
  });
  return (
    <AppDialog
      title={title}
      isOpen
      onClose={onClose}
      onSubmit={readOnly ? undefined : form.submit}
      busy={form.busy}
      cancelLabel={cancelLabel}
      submitLabel={submitLabel}
      footer={footer?.(form)}
      wide={wide}
    >
      {children(form)}
    </AppDialog>
  );
}
