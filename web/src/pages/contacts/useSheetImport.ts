import { useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import { ApiError } from "../../api/errors.ts";
import { fieldMessage, toast } from "../../components/toast.ts";
import type { ImportResult } from "../../api/contacts.ts";
import { type ImportRowError, type ImportSummary, isXlsx, summarizeImport } from "./importResult.ts";

/** A refused row's words: the catalogue's text for its code (a validation failure keeps the server's words, which name the field). */
export const describeRowError = (code: string, message: string) => fieldMessage(new ApiError(0, code, message));

export interface SheetTarget {
  /** Where the file goes (the contacts directory unless told); it may report the upload's progress (0 to 1). */
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<ImportResult>;
  /** Which file names may go, and the words for one that may not. */
  accepts: (fileName: string) => boolean;
  refusedKey: string;
  /** A refused row's words, when the target's server says more than the catalogue (a reason code). */
  describe?: (code: string, message: string, error?: ImportRowError) => string;
}

const contactsTarget: SheetTarget = {
  upload: (file) => api.contacts.upload(file),
  accepts: isXlsx,
  refusedKey: "contacts.sheetImport.onlyXlsx",
};

/**
 * The spreadsheet import: refuses a file of another type before sending, uploads, and keeps
 * the summary for the result dialog.
 */
export function useSheetImport(onImported: () => void, target: SheetTarget = contactsTarget) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  /** How much of the file has gone up (0 to 1), once the upload says; null before. */
  const [progress, setProgress] = useState<number | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);

  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file || uploading) return;
    if (!target.accepts(file.name)) {
      toast.error(t(target.refusedKey, { name: file.name }));
      return;
    }
    setUploading(true);
    setProgress(null);
    try {
      const result = await target.upload(file, setProgress);
      setSummary(summarizeImport(result, target.describe ?? describeRowError));
      if (result.newContacts.length > 0) onImported();
    } catch (error) {
      toast.apiError(error);
    } finally {
      setUploading(false);
    }
  };

  return { uploading, progress, summary, choose, closeSummary: () => setSummary(null) };
}
