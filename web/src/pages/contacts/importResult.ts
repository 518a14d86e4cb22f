/** The spreadsheet import: what file may go up, and the result as the dialog shows it. */
import type { ImportResult } from "../../api/contacts.ts";

/** Only Excel workbooks (.xlsx) are sent; the server refuses anything else too. */
export function isXlsx(fileName: string): boolean {
  return /\.xlsx$/i.test(fileName.trim());
}

/** Contact lists take old Excel workbooks (.xls) too (seed 002). */
export function isXlsOrXlsx(fileName: string): boolean {
  return /\.xlsx?$/i.test(fileName.trim());
}

/** A refused row's error as the server sends it (contact lists add the field and a reason code). */
export type ImportRowError = ImportResult["errorBag"][number]["error"] & { field?: string; reason?: string };

export interface ImportErrorRow {
  /** The spreadsheet's row number, as the server counts it. */
  row: number;
  name: string;
  message: string;
}

export interface ImportSummary {
  newCount: number;
  errors: ImportErrorRow[];
  /** Contact lists: numbers written without the country code, completed with `code` or refused (no area code). */
  countryCode: { code: string; completed: number; refused: number } | null;
}

/**
 * Count the new contacts and list the refused rows in sheet order; `describe` turns an
 * error code into the user's words (the app's catalogue, else the server's text).
 */
export function summarizeImport(
  result: ImportResult,
  describe: (code: string, message: string, error?: ImportRowError) => string,
): ImportSummary {
  const errors = (result.errorBag ?? [])
    .map((entry) => ({
      row: entry.row,
      name: entry.contactName ?? "",
      message: describe(entry.error?.code ?? "", entry.error?.message ?? "", entry.error),
    }))
    .sort((a, b) => a.row - b.row);
  const countryCode = result.countryCode
    ? {
      code: result.countryCode,
      completed: result.completedNumbers ?? 0,
      refused: (result.errorBag ?? []).filter((entry) => (entry.error as ImportRowError)?.reason === "number_no_country").length,
    }
    : null;
  return { newCount: (result.newContacts ?? []).length, errors, countryCode };
}
