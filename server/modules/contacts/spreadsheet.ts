// Reads contact rows from an uploaded workbook (first sheet, header row first), within
// bounds: the file's size (the caller's body limit, and here), what it unpacks to, its
// rows, the characters of a cell. A workbook is read in a thread of its own with a heap
// limit and a deadline (sheet_worker.js), a few at a time, so no file can stall the event
// loop or take the process's memory with it.
import { Worker } from "node:worker_threads";
import { AppError } from "../../http/errors.ts";

export const MAX_SHEET_BYTES = 5 * 1024 * 1024;
export const MAX_ROWS = 10_000;
/** All the files of an .xlsx unpacked (a 10,000-row sheet of 60 short columns is 30 MB). */
export const MAX_UNPACKED_BYTES = 32 * 1024 * 1024;
/** Excel's own limit: no cell it writes is longer. */
export const MAX_CELL_CHARS = 32_767;
/** What the import reads of a cell: more than any name, number or e-mail address holds. */
const MAX_FIELD_CHARS = 256;
/** Files inside an .xlsx: a workbook has a dozen plus a few per sheet. */
const MAX_ENTRIES = 2_000;
/** The reading thread's heap (a 30 MB sheet of 620,000 cells needs under 192 MB): past it V8 stops the thread, never the process. */
const THREAD_HEAP_MB = 256;
/** The largest workbook within the bounds reads in under 20 s on a busy 2-core machine; one still reading after this is ended. */
const READ_DEADLINE_MS = 60_000;
/** Workbooks read at once, and how many more may wait their turn. */
const READERS = 2;
const MAX_WAITING = 8;
/** What a refused row may echo of a cell. */
const EXCERPT_CHARS = 60;

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

/** What the thread answers (sheet_worker.js). */
type Refusal =
  | { kind: "type"; why?: string }
  | { kind: "unpacked" }
  | { kind: "rows" }
  | { kind: "cell"; row: number; column: string };
type Answer = { refused: Refusal } | { rows: SheetRow[]; header: boolean };

/** An .xlsx is a zip: anything else is refused before the parser sees it. */
function isXlsx(bytes: Uint8Array) {
  return bytes.length > 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** An .xls (Excel 97-2003) is an OLE compound file; contact lists accept it too (seed 002). */
function isXls(bytes: Uint8Array) {
  const magic = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
  return bytes.length > 8 && magic.every((b, i) => bytes[i] === b);
}

/** A cell's text as an error may echo it: its start, marked when cut. */
export const excerpt = (text: string) =>
  text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text;

export async function readSheet(bytes: Uint8Array, opts: { xls?: boolean } = {}): Promise<SheetRow[]> {
  if (bytes.length > MAX_SHEET_BYTES) {
    throw new AppError("ERR_FILE_TOO_LARGE", 413, "file too large", { maxBytes: MAX_SHEET_BYTES });
  }
  const xls = !!opts.xls && isXls(bytes);
  if (!isXlsx(bytes) && !xls) {
    throw new AppError("ERR_FILE_TYPE", 415, opts.xls ? "send an .xls or .xlsx spreadsheet" : "send an .xlsx spreadsheet");
  }
  const answer = await inTurn(() => readInThread(bytes, xls));
  if ("refused" in answer) throw refusal(answer.refused);
  if (!answer.header) {
    throw new AppError("ERR_VALIDATION", 400, "file: the first row must name the columns name and number", { field: "file" });
  }
  return answer.rows;
}

function refusal(r: Refusal): AppError {
  switch (r.kind) {
    case "unpacked":
      return new AppError("ERR_SHEET_TOO_LARGE", 413, `the spreadsheet unpacks to more than ${MAX_UNPACKED_BYTES} bytes`, {
        maxBytes: MAX_UNPACKED_BYTES,
      });
    case "rows":
      return new AppError("ERR_SHEET_TOO_MANY_ROWS", 413, `at most ${MAX_ROWS} rows after the header`, { limit: MAX_ROWS });
    case "cell":
      return new AppError("ERR_SHEET_CELL_TOO_LONG", 413, `cell ${r.column}${r.row}: at most ${MAX_CELL_CHARS} characters`, {
        limit: MAX_CELL_CHARS,
        row: r.row,
        column: r.column,
      });
    case "type":
      return new AppError("ERR_FILE_TYPE", 415, "the spreadsheet could not be read");
  }
}

let reading = 0;
const waiting: (() => void)[] = [];

/** Runs a read when one of the READERS is free; past MAX_WAITING in line, the caller is told to come back. */
async function inTurn<T>(read: () => Promise<T>): Promise<T> {
  if (reading < READERS) reading++;
  else if (waiting.length >= MAX_WAITING) {
    throw new AppError("ERR_SHEETS_BUSY", 503, "other spreadsheets are being read, try again in a few seconds", { retryAfter: 5 });
  } else await new Promise<void>((go) => waiting.push(go));
  try {
    return await read();
  } finally {
    // The turn passes straight to the next in line, so `reading` never undercounts.
    const next = waiting.shift();
    if (next) next();
    else reading--;
  }
}

function readInThread(bytes: Uint8Array, xls: boolean): Promise<Answer> {
  const thread = new Worker(new URL("./sheet_worker.js", import.meta.url), {
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  });
  return new Promise<Answer>((resolve, reject) => {
    // A thread that reaches its heap limit is stopped by V8 without a word: the deadline ends it too.
    const deadline = setTimeout(() => resolve({ refused: { kind: "unpacked" } }), READ_DEADLINE_MS);
    thread.once("message", (answer: Answer) => {
      clearTimeout(deadline);
      resolve(answer);
    });
    thread.once("error", (err) => {
      clearTimeout(deadline);
      reject(err);
    });
    thread.once("exit", () => {
      clearTimeout(deadline);
      resolve({ refused: { kind: "unpacked" } });
    });
    const copy = bytes.slice();
    thread.postMessage({ bytes: copy, xls, columns: COLUMNS, limits: limits() }, [copy.buffer]);
  }).finally(() => thread.terminate());
}

const limits = () => ({
  maxUnpacked: MAX_UNPACKED_BYTES,
  maxEntries: MAX_ENTRIES,
  maxRows: MAX_ROWS,
  maxCell: MAX_CELL_CHARS,
  maxField: MAX_FIELD_CHARS,
});
