// Reads contact rows from an uploaded .xlsx (first sheet, header row first). Parsing is
// bounded: the file size is checked by the caller, and at most MAX_ROWS rows are read.
import { AppError } from "../../http/errors.ts";

export const MAX_SHEET_BYTES = 5 * 1024 * 1024;
export const MAX_ROWS = 10_000;

export interface SheetRow {
  /** The row number as the spreadsheet shows it (the header is row 1). */
  row: number;
  name: string;
  number: string;
  email: string;
}

const COLUMNS: Record<string, keyof Omit<SheetRow, "row">> = {
  name: "name",
  nome: "name",
  number: "number",
  numero: "number",
  phone: "number",
  telefone: "number",
  celular: "number",
  whatsapp: "number",
  email: "email",
  "e-mail": "email",
};

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();

/** An .xlsx is a zip: anything else is refused before the parser sees it. */
function isXlsx(bytes: Uint8Array) {
  return bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** An .xls (Excel 97-2003) is an OLE compound file; contact lists accept it too (seed 002). */
function isXls(bytes: Uint8Array) {
  const magic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return bytes.length > 8 && magic.every((b, i) => bytes[i] === b);
}

/** SheetJS is large: loaded on the first import, not with the server. */
const sheetjs = () => import("@e965/xlsx");

export async function readSheet(bytes: Uint8Array, opts: { xls?: boolean } = {}): Promise<SheetRow[]> {
  if (bytes.length > MAX_SHEET_BYTES) {
    throw new AppError("ERR_FILE_TOO_LARGE", 413, "file too large", { maxBytes: MAX_SHEET_BYTES });
  }
  if (!isXlsx(bytes) && !(opts.xls && isXls(bytes))) {
    throw new AppError("ERR_FILE_TYPE", 415, opts.xls ? "send an .xls or .xlsx spreadsheet" : "send an .xlsx spreadsheet");
  }
  const XLSX = await sheetjs();
  let table: string[][];
  try {
    const book = XLSX.read(bytes, { type: "array", dense: true, sheetRows: MAX_ROWS + 1, cellHTML: false, cellFormula: false });
    const sheet = book.Sheets[book.SheetNames[0]];
    table = sheet ? XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: "", blankrows: true }) : [];
  } catch {
    throw new AppError("ERR_FILE_TYPE", 415, "the spreadsheet could not be read");
  }
  const [header = [], ...body] = table;
  const index = new Map<keyof Omit<SheetRow, "row">, number>();
  header.forEach((title, i) => {
    const key = COLUMNS[fold(String(title))];
    if (key && !index.has(key)) index.set(key, i);
  });
  if (!index.has("name") || !index.has("number")) {
    throw new AppError("ERR_VALIDATION", 400, "file: the first row must name the columns name and number", { field: "file" });
  }
  const cell = (r: string[], key: keyof Omit<SheetRow, "row">) => String(r[index.get(key) ?? -1] ?? "").trim();
  return body
    .map((r, i) => ({ row: i + 2, name: cell(r, "name"), number: cell(r, "number"), email: cell(r, "email") }))
    .filter((r) => r.name || r.number || r.email);
}
