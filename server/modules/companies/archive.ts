// The one-file container of a company's export: its database and media files behind a
// header that lists them. No tar package is among the dependencies and a tar reader would
// still need every check below (names, sizes, checksums), so the format is our own:
//
//   offset 0       "INBOXCO\n"                       8 bytes, the magic
//   offset 8       header length H                  u32, big-endian, at most MAX_HEADER_BYTES
//   offset 12      header                           H bytes of JSON (UTF-8): { format, entries, about }
//   offset 12+H    sha256 of the header's bytes     32 bytes
//   then           each entry's bytes, in the header's order, back to back; nothing after
//
// `entries`: [{ name, size, sha256 (hex) }]; `about` is the caller's (transfer.ts's manifest).
// A reader checks the header's checksum, the names (the caller's rule), the sizes against the
// file's length (exactly), then each entry's checksum as it is copied out.
import { createHash } from "node:crypto";
import { z } from "zod";
import { AppError } from "../../errors/app-error.ts";

export const ARCHIVE_FORMAT = 1;
const MAGIC = new TextEncoder().encode("INBOXCO\n");
/** A header lists every media file: 500,000 of them is under 64 MiB of JSON. */
export const MAX_HEADER_BYTES = 64 * 1024 * 1024;
export const MAX_ENTRIES = 500_000;
const CHUNK = 1024 * 1024;

export interface EntryInfo {
  name: string;
  size: number;
  sha256: string;
}

const entrySchema = z.object({
  name: z.string().min(1).max(200),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
}).strict();
const headerSchema = z.object({
  format: z.number().int(),
  entries: z.array(entrySchema).max(MAX_ENTRIES),
  about: z.unknown(),
}).strict();

export interface Header {
  about: unknown;
  entries: EntryInfo[];
  /** Where the first entry's bytes begin. */
  dataStart: number;
}

/** Bad input: the archive's reason is in the body (never a path of this server). */
export const invalidArchive = (reason: string) => new AppError("ERR_ARCHIVE_INVALID", 400, `not a valid company archive: ${reason}`, { reason });

/** Reads the file at `path` in chunks, handing each to `chunk`; a read turns the event loop. */
async function eachChunk(path: string, chunk: (bytes: Uint8Array) => void | Promise<void>) {
  using file = await Deno.open(path);
  const buf = new Uint8Array(CHUNK);
  for (let n; (n = await file.read(buf)) !== null;) await chunk(buf.subarray(0, n));
}

export async function hashFile(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash("sha256");
  let size = 0;
  await eachChunk(path, (b) => void (hash.update(b), size += b.byteLength));
  return { size, sha256: hash.digest("hex") };
}

/**
 * Writes the archive to `out` (a new file): the header, then each entry read from its
 * path. An entry whose bytes no longer match what the header says fails the write.
 */
export async function writeArchive(
  out: string,
  about: unknown,
  entries: (EntryInfo & { path: string })[],
  progress: (bytes: number) => void = () => {},
) {
  const header = new TextEncoder().encode(JSON.stringify({
    format: ARCHIVE_FORMAT,
    entries: entries.map(({ name, size, sha256 }) => ({ name, size, sha256 })),
    about,
  }));
  if (header.byteLength > MAX_HEADER_BYTES) throw new Error("the archive's header is too large");
  using file = await Deno.open(out, { write: true, createNew: true });
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, header.byteLength);
  for (const part of [MAGIC, length, header, createHash("sha256").update(header).digest()]) await writeAll(file, part);
  let done = 0;
  for (const e of entries) {
    const hash = createHash("sha256");
    let size = 0;
    await eachChunk(e.path, async (b) => {
      hash.update(b);
      size += b.byteLength;
      await writeAll(file, b);
      progress(done += b.byteLength);
    });
    if (size !== e.size || hash.digest("hex") !== e.sha256) throw new Error(`${e.name} changed while it was written`);
  }
  await file.sync();
}

async function writeAll(file: Deno.FsFile, bytes: Uint8Array) {
  for (let at = 0; at < bytes.byteLength;) at += await file.write(bytes.subarray(at));
}

async function readExactly(file: Deno.FsFile, size: number): Promise<Uint8Array> {
  const buf = new Uint8Array(size);
  for (let at = 0; at < size;) {
    const n = await file.read(buf.subarray(at));
    if (n === null) throw invalidArchive("the file ends early");
    at += n;
  }
  return buf;
}

/**
 * The archive's header, checked: magic, format, header checksum, entry names (`nameOk`),
 * each entry's size (`maxBytes`) and the sum of them against the file's length.
 */
export async function readHeader(
  path: string,
  rules: { nameOk: (name: string) => boolean; maxBytes: (name: string) => number },
): Promise<Header> {
  using file = await Deno.open(path);
  const total = (await file.stat()).size;
  if (total < 12) throw invalidArchive("the file is too short");
  const start = await readExactly(file, 12);
  if (!MAGIC.every((b, i) => start[i] === b)) throw invalidArchive("this is not a company archive");
  const length = new DataView(start.buffer).getUint32(8);
  if (length > MAX_HEADER_BYTES || 12 + length + 32 > total) throw invalidArchive("the header's length is wrong");
  const bytes = await readExactly(file, length);
  const sum = await readExactly(file, 32);
  if (!createHash("sha256").update(bytes).digest().equals(sum)) throw invalidArchive("the header's checksum is wrong");
  let parsed: z.infer<typeof headerSchema>;
  try {
    parsed = headerSchema.parse(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    throw invalidArchive("the header is not readable");
  }
  if (parsed.format !== ARCHIVE_FORMAT) {
    throw new AppError("ERR_ARCHIVE_VERSION", 400, `archive format ${parsed.format}; this server reads ${ARCHIVE_FORMAT}`, { format: parsed.format });
  }
  const names = new Set<string>();
  let listed = 0;
  for (const e of parsed.entries) {
    if (!rules.nameOk(e.name) || names.has(e.name)) throw invalidArchive(`an entry's name is not allowed`);
    if (e.size > rules.maxBytes(e.name)) throw new AppError("ERR_ARCHIVE_TOO_LARGE", 413, `an entry is larger than allowed`, { maxBytes: rules.maxBytes(e.name) });
    names.add(e.name);
    listed += e.size;
  }
  const dataStart = 12 + length + 32;
  if (dataStart + listed !== total) throw invalidArchive("the file's length does not match its header");
  return { about: parsed.about, entries: parsed.entries, dataStart };
}

/**
 * Copies each entry out to `place(name)` (a new file), checking its checksum as it goes; a
 * mismatch fails with ERR_ARCHIVE_CHECKSUM, the files written so far left for the caller to remove.
 */
export async function extractEntries(
  path: string,
  header: Header,
  place: (name: string) => string,
  progress: (bytes: number) => void = () => {},
) {
  using file = await Deno.open(path);
  await file.seek(header.dataStart, Deno.SeekMode.Start);
  const buf = new Uint8Array(CHUNK);
  let done = 0;
  for (const e of header.entries) {
    using out = await Deno.open(place(e.name), { write: true, createNew: true });
    const hash = createHash("sha256");
    for (let left = e.size; left > 0;) {
      const n = await file.read(buf.subarray(0, Math.min(CHUNK, left)));
      if (n === null) throw invalidArchive("the file ends early");
      const bytes = buf.subarray(0, n);
      hash.update(bytes);
      await writeAll(out, bytes);
      left -= n;
      progress(done += n);
    }
    if (hash.digest("hex") !== e.sha256) {
      throw new AppError("ERR_ARCHIVE_CHECKSUM", 400, `an entry's checksum does not match: the file is damaged`, { entry: e.name });
    }
  }
}
