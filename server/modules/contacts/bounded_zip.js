// Unzips an uploaded workbook within a budget of unpacked bytes. The central directory's
// sizes are summed before anything is inflated (a bomb is refused unread), and the budget
// holds again while inflating, since a declared size is only what the file says. SheetJS's
// own unzipper trusts the sizes and keeps whatever comes out, so the sheet thread hands
// SheetJS the files unpacked here. Plain JavaScript: it runs in the sheet thread (see
// sheet_worker.js for why).
import { inflateRawSync } from "node:zlib";

/**
 * @typedef {{ name: string; method: number; flags: number; packed: number; size: number; offset: number }} Entry
 * @typedef {{ kind: "unpacked"; maxBytes: number } | { kind: "type"; why: string }} ZipRefusal
 */

export class ZipRefused extends Error {
  /** @param {ZipRefusal} refusal */
  constructor(refusal) {
    super(refusal.kind);
    this.refusal = refusal;
  }
}

const EOCD = 0x06054b50, EOCD64 = 0x06064b50, EOCD64_LOCATOR = 0x07064b50;
const CENTRAL = 0x02014b50, LOCAL = 0x04034b50;
const MAX_COMMENT = 0xffff;
const FULL32 = 0xffffffff;

/** @param {string} why */
const notAZip = (why) => new ZipRefused({ kind: "type", why });

/**
 * The entries the central directory lists, with their declared sizes.
 * @param {Uint8Array} bytes
 * @param {number} maxEntries
 * @returns {Entry[]}
 */
export function listEntries(bytes, maxEntries) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (/** @type {number} */ at) => view.getUint16(at, true);
  const u32 = (/** @type {number} */ at) => view.getUint32(at, true);
  const u64 = (/** @type {number} */ at) => Number(view.getBigUint64(at, true));
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - MAX_COMMENT); i--) {
    if (u32(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) throw notAZip("no central directory");
  let count = u16(end + 10), at = u32(end + 16);
  if ((count === 0xffff || at === FULL32) && end >= 20 && u32(end - 20) === EOCD64_LOCATOR) {
    const end64 = u64(end - 12);
    if (end64 + 56 > bytes.length || u32(end64) !== EOCD64) throw notAZip("bad zip64 end record");
    count = u64(end64 + 32);
    at = u64(end64 + 48);
  }
  if (count > maxEntries) throw notAZip(`more than ${maxEntries} files inside`);
  /** @type {Entry[]} */
  const entries = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || u32(at) !== CENTRAL) throw notAZip("bad central directory");
    const nameLen = u16(at + 28), extraLen = u16(at + 30), commentLen = u16(at + 32);
    if (at + 46 + nameLen + extraLen > bytes.length) throw notAZip("bad central directory");
    const entry = {
      name: String.fromCharCode(...bytes.subarray(at + 46, at + 46 + nameLen)),
      flags: u16(at + 8),
      method: u16(at + 10),
      packed: u32(at + 20),
      size: u32(at + 24),
      offset: u32(at + 42),
    };
    readZip64(view, at + 46 + nameLen, extraLen, entry);
    entries.push(entry);
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/**
 * The zip64 extra field holds, in order, each of the three values the fixed fields mark as
 * 0xFFFFFFFF.
 * @param {DataView} view
 * @param {number} from
 * @param {number} length
 * @param {Entry} entry
 */
function readZip64(view, from, length, entry) {
  for (let at = from; at + 4 <= from + length;) {
    const id = view.getUint16(at, true), size = view.getUint16(at + 2, true);
    if (id === 1) {
      let field = at + 4;
      for (const key of /** @type {const} */ (["size", "packed", "offset"])) {
        if (entry[key] !== FULL32 || field + 8 > at + 4 + size) continue;
        entry[key] = Number(view.getBigUint64(field, true));
        field += 8;
      }
      return;
    }
    at += 4 + size;
  }
}

/**
 * Every file of the zip, unpacked, as long as they fit in maxBytes together.
 * @param {Uint8Array} bytes
 * @param {{ maxBytes: number; maxEntries: number }} limits
 * @returns {Map<string, Uint8Array>}
 */
export function unzipWithin(bytes, limits) {
  const entries = listEntries(bytes, limits.maxEntries).filter((e) => !e.name.endsWith("/"));
  const declared = entries.reduce((sum, e) => sum + e.size, 0);
  const tooLarge = () => new ZipRefused({ kind: "unpacked", maxBytes: limits.maxBytes });
  if (declared > limits.maxBytes) throw tooLarge();
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  /** @type {Map<string, Uint8Array>} */
  const files = new Map();
  let left = limits.maxBytes;
  for (const e of entries) {
    if (e.flags & 0x41) throw notAZip("encrypted");
    if (e.offset + 30 > bytes.length || view.getUint32(e.offset, true) !== LOCAL) {
      throw notAZip("bad local header");
    }
    const start = e.offset + 30 + view.getUint16(e.offset + 26, true) +
      view.getUint16(e.offset + 28, true);
    if (start + e.packed > bytes.length) throw notAZip("truncated");
    const packed = bytes.subarray(start, start + e.packed);
    let data;
    if (e.method === 0) {
      if (packed.length > left) throw tooLarge();
      data = packed.slice();
    } else if (e.method === 8) {
      try {
        // zlib stops as soon as the output would pass the bound.
        data = new Uint8Array(inflateRawSync(packed, { maxOutputLength: Math.max(1, left) }));
      } catch (err) {
        if (/** @type {{ code?: string }} */ (err).code === "ERR_BUFFER_TOO_LARGE") {
          throw tooLarge();
        }
        throw notAZip("bad deflate data");
      }
      if (data.length > left) throw tooLarge();
    } else throw notAZip(`compression method ${e.method}`);
    left -= data.length;
    files.set(e.name, data);
  }
  return files;
}
