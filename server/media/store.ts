// Media files of messages: DATA_DIR/media/<companyId>/<random>.<ext>, served at
// /public/<companyId>/<file>. Names are 128 random bits, so a URL is only known to those
// who were shown the message; the original file name lives in the database only.
import { join } from "node:path";
import { AppError } from "../http/errors.ts";

export type MediaKind = "image" | "video" | "audio" | "application" | "sticker";

/** Byte limits per kind (WhatsApp's own limits, rounded down). */
export const MEDIA_LIMITS: Record<MediaKind, number> = {
  image: 5 * 1024 * 1024,
  video: 16 * 1024 * 1024,
  audio: 16 * 1024 * 1024,
  application: 100 * 1024 * 1024,
  sticker: 1024 * 1024,
};

const EXT_BY_TYPE: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/gif": "gif",
  "image/webp": "webp",
  "video/mp4": "mp4",
  "video/3gpp": "3gp",
  "video/webm": "webm",
  "audio/ogg": "ogg",
  "audio/mpeg": "mp3",
  "audio/mp4": "m4a",
  "audio/aac": "aac",
  "audio/wav": "wav",
  "audio/webm": "weba",
  "application/pdf": "pdf",
  "application/zip": "zip",
  "text/plain": "txt",
  "text/csv": "csv",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
  "application/msword": "doc",
  "application/vnd.ms-excel": "xls",
};
const TYPE_BY_EXT = Object.fromEntries(Object.entries(EXT_BY_TYPE).map(([t, e]) => [e, t]));

/** Types a browser may render inline from our origin; everything else is a download. */
const INLINE = /^(image\/(jpeg|png|gif|webp)|video\/(mp4|webm|3gpp)|audio\/(ogg|mpeg|mp4|aac|wav|webm)|application\/pdf)$/;

const FILE_NAME = /^[0-9a-f]{32}(\.[a-z0-9]{1,5})?$/;

/** A name the store gives its files: nothing else is read from or written to its folders. */
export const isMediaFileName = (name: string) => FILE_NAME.test(name);

/** The largest file the store keeps. */
export const MEDIA_MAX_BYTES = Math.max(...Object.values(MEDIA_LIMITS));

const baseType = (mimetype: string) => mimetype.split(";")[0].trim().toLowerCase();

export function mediaKind(mimetype: string, opts: { sticker?: boolean } = {}): MediaKind {
  if (opts.sticker) return "sticker";
  const major = baseType(mimetype).split("/")[0];
  return major === "image" || major === "video" || major === "audio" ? major : "application";
}

/** The type the bytes say they are (magic numbers), or null when unknown. */
export function sniff(b: Uint8Array): string | null {
  const at = (o: number, s: string) => [...s].every((ch, i) => b[o + i] === ch.charCodeAt(0));
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b[0] === 0x89 && at(1, "PNG")) return "image/png";
  if (at(0, "GIF8")) return "image/gif";
  if (at(0, "RIFF") && at(8, "WEBP")) return "image/webp";
  if (at(0, "RIFF") && at(8, "WAVE")) return "audio/wav";
  if (at(0, "%PDF")) return "application/pdf";
  if (at(0, "OggS")) return "audio/ogg";
  if (at(0, "ID3") || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0)) return "audio/mpeg";
  if (at(4, "ftyp")) return at(8, "3gp") ? "video/3gpp" : at(8, "M4A") ? "audio/mp4" : "video/mp4";
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return "video/webm";
  if (at(0, "PK\x03\x04")) return "application/zip";
  return null;
}

export interface StoredMedia {
  url: string;
  fileName: string;
  mimetype: string;
  size: number;
}

export interface Upload {
  data: Uint8Array;
  mimetype: string;
  fileName?: string;
  sticker?: boolean;
  /** Already saved for sending (a campaign's one copy for all its sends): not written again. */
  stored?: StoredMedia;
}

export class MediaStore {
  constructor(readonly root: string) {}

  /**
   * Checks an upload against its kind's limit and its claimed type against its bytes,
   * then writes it. A file claiming to be an image, video or audio must sniff as one.
   */
  async save(companyId: number, up: Upload): Promise<StoredMedia> {
    const mimetype = this.check(up);
    const ext = EXT_BY_TYPE[mimetype] ?? extOf(up.fileName);
    const name = crypto.randomUUID().replaceAll("-", "") + (ext ? `.${ext}` : "");
    const dir = join(this.root, String(companyId));
    await Deno.mkdir(dir, { recursive: true });
    await Deno.writeFile(join(dir, name), up.data);
    return {
      url: `/public/${companyId}/${name}`,
      fileName: cleanName(up.fileName) || name,
      mimetype,
      size: up.data.byteLength,
    };
  }

  /** The type to store the upload under, or ERR_FILE_TOO_LARGE / ERR_FILE_TYPE. Writes nothing. */
  check(up: Upload): string {
    const claimed = baseType(up.mimetype || "application/octet-stream");
    const sniffed = sniff(up.data);
    const kind = mediaKind(claimed, { sticker: up.sticker });
    if (up.data.byteLength > MEDIA_LIMITS[kind]) {
      throw new AppError("ERR_FILE_TOO_LARGE", 413, "file too large", { maxBytes: MEDIA_LIMITS[kind] });
    }
    // Images must be one of the formats WhatsApp shows; audio and video formats are too
    // many to know them all (amr, raw aac), so those are refused only on a clear mismatch.
    const mismatch = kind === "image" ? sniffed === null || mediaKind(sniffed) !== "image"
      : (kind === "video" || kind === "audio") && sniffed !== null && mediaKind(sniffed) === "image";
    if (mismatch) {
      throw new AppError("ERR_FILE_TYPE", 415, "the file's content does not match its type");
    }
    return claimed === "application/octet-stream" && sniffed ? sniffed : claimed;
  }

  /** The file behind a /public URL, or null for anything that is not one of ours. */
  async open(companyId: number, file: string) {
    if (!isMediaFileName(file)) return null;
    try {
      const path = join(this.root, String(companyId), file);
      const info = await Deno.stat(path);
      const type = TYPE_BY_EXT[file.split(".")[1] ?? ""] ?? "application/octet-stream";
      return { path, size: info.size, mimetype: type, inline: INLINE.test(type) };
    } catch {
      return null;
    }
  }

  /**
   * The bytes behind one of our /public URLs, to send them again; null when gone, not ours
   * or larger than `maxBytes` (then not read).
   */
  async read(companyId: number, url: string, maxBytes = Infinity): Promise<Upload | null> {
    const found = await this.open(companyId, fileOf(companyId, url));
    if (!found || found.size > maxBytes) return null;
    return { data: await Deno.readFile(found.path), mimetype: found.mimetype };
  }

  /** Deletes the file behind one of our /public URLs; anything else is left alone. */
  async remove(companyId: number, url: string | null | undefined) {
    const found = url ? await this.open(companyId, fileOf(companyId, url)) : null;
    if (found) await Deno.remove(found.path).catch(() => {});
  }

  async removeCompany(companyId: number) {
    await Deno.remove(join(this.root, String(companyId)), { recursive: true }).catch(() => {});
  }
}

/** The file name of a URL under this company's /public folder, or "" (which open() refuses). */
function fileOf(companyId: number, url: string) {
  const prefix = `/public/${companyId}/`;
  return url.startsWith(prefix) ? url.slice(prefix.length) : "";
}

function extOf(name?: string) {
  const m = /\.([a-z0-9]{1,5})$/i.exec(name ?? "");
  return m ? m[1].toLowerCase() : "";
}

/** A display name: no path, no control characters, bounded. Never used on the file system. */
export function cleanName(name?: string) {
  // deno-lint-ignore no-control-regex -- control characters are exactly what a file name must lose
  return (name ?? "").split(/[\\/]/).pop()!.replace(/[\x00-\x1f\x7f]/g, "").trim().slice(0, 200);
}
