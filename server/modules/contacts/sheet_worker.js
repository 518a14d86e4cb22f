// The sheet thread: reads one uploaded workbook with SheetJS, within the bounds it is sent
// (unpacked bytes, files inside, rows, characters in a cell), and answers the three columns
// of each row or why the file was refused. It runs in a thread of its own with a heap limit
// (spreadsheet.ts), so a workbook that is slow or heavy to read stalls or fills only this
// thread, which is then ended. It reports facts; spreadsheet.ts turns them into errors.
// Plain JavaScript on purpose, like checkpoint_worker.js: `deno test` type-checks a
// worker's module each time a worker starts.
import { parentPort } from "node:worker_threads";
import { unzipWithin, ZipRefused } from "./bounded_zip.js";
import { runInBackground } from "../../background_thread.js";

runInBackground();

/**
 * @typedef {{ maxUnpacked: number; maxEntries: number; maxRows: number; maxCell: number; maxField: number }} Limits
 * @typedef {{ bytes: Uint8Array; xls: boolean; limits: Limits; columns: Record<string, string> }} Ask
 * @typedef {{ row: number; name: string; number: string; email: string }} Row
 */

/** Parts of zips SheetJS reads as other formats (OpenDocument, Numbers), with unzippers of its own. */
const OTHER_FORMATS = ["META-INF/manifest.xml", "objectdata.xml", "Index/Document.iwa"];

const fold = (/** @type {string} */ s) =>
  s.normalize("NFD").replace(/\p{M}/gu, "").trim().toLowerCase();

/** @param {Ask} ask */
async function read(ask) {
  const { limits } = ask;
  // Before SheetJS loads: a refused zip costs only its central directory.
  const files = ask.xls
    ? null
    : unzipWithin(ask.bytes, { maxBytes: limits.maxUnpacked, maxEntries: limits.maxEntries });
  if (files && (!files.has("[Content_Types].xml") || OTHER_FORMATS.some((f) => files.has(f)))) {
    return { refused: { kind: "type" } };
  }
  // Imported by its file's URL: by name, `deno test` would type-check SheetJS's
  // declarations in every thread it starts (seconds each); the server does not check.
  const XLSX = await import(import.meta.resolve("@e965/xlsx"));
  const opts = { dense: true, sheetRows: limits.maxRows + 2, cellHTML: false, cellFormula: false };
  let book;
  try {
    if (files) {
      const zip = XLSX.CFB.utils.cfb_new();
      for (const [name, data] of files) XLSX.CFB.utils.cfb_add(zip, name, data, { unsafe: true });
      files.clear();
      book = XLSX.parse_zip(zip, opts);
    } else book = XLSX.read(ask.bytes, { ...opts, type: "array" });
  } catch {
    return { refused: { kind: "type" } };
  }
  const sheet = book.Sheets[book.SheetNames[0]];
  if (!sheet) return { rows: [], header: false };
  /** @type {{ v?: unknown; w?: string }[][]} */
  const data = sheet["!data"] ?? [];
  for (const [r, cells] of data.entries()) {
    for (const [c, cell] of (cells ?? []).entries()) {
      const text = cell?.w ?? cell?.v;
      if (typeof text === "string" && text.length > limits.maxCell) {
        return { refused: { kind: "cell", row: r + 1, column: XLSX.utils.encode_col(c) } };
      }
    }
  }
  /** @type {unknown[][]} */
  const table = XLSX.utils.sheet_to_json(sheet, {
    header: 1,
    raw: false,
    // A number cell as its value: formatted, an old .xls's General format writes a phone
    // number as "5.51196E+12", whose digits are another (shorter) number.
    rawNumbers: true,
    defval: "",
    blankrows: true,
  });
  const filled = (/** @type {unknown[] | undefined} */ r) =>
    (r ?? []).some((v) => String(v).trim());
  if (filled(table[limits.maxRows + 1])) return { refused: { kind: "rows" } };
  const [header = [], ...body] = table;
  /** @type {Map<string, number>} */
  const index = new Map();
  header.forEach((title, i) => {
    const key = ask.columns[fold(String(title))];
    if (key && !index.has(key)) index.set(key, i);
  });
  if (!index.has("name") || !index.has("number")) return { rows: [], header: false };
  // A copy of each field crosses to the server's thread: a long one (a shared string can fill
  // every row) goes cut, already longer than any name, number or e-mail address.
  const cell = (/** @type {unknown[]} */ r, /** @type {string} */ key) =>
    String(r[index.get(key) ?? -1] ?? "").trim().slice(0, limits.maxField);
  /** @type {Row[]} */
  const rows = [];
  body.forEach((r, i) => {
    const row = {
      row: i + 2,
      name: cell(r, "name"),
      number: cell(r, "number"),
      email: cell(r, "email"),
    };
    if (row.name || row.number || row.email) rows.push(row);
  });
  return { rows, header: true };
}

parentPort?.on("message", async (/** @type {Ask} */ ask) => {
  try {
    parentPort?.postMessage(await read(ask));
  } catch (err) {
    parentPort?.postMessage(
      err instanceof ZipRefused ? { refused: err.refusal } : { refused: { kind: "type" } },
    );
  }
});
