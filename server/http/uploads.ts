// Multipart bodies: text fields plus the files under "medias". The request size is
// bounded while it streams in, by the route's limitBody({ upload: UPLOAD_LIMIT }); per-kind
// limits are the media store's job.
import type { Context } from "hono";
import { AppError } from "./errors.ts";
import { cleanName, MEDIA_LIMITS, type Upload } from "../media/store.ts";

export const MAX_FILES = 10;
/** The largest file kind plus room for the other parts. */
export const UPLOAD_LIMIT = MEDIA_LIMITS.application + 1024 * 1024;

export const isMultipart = (c: Context) => (c.req.header("content-type") ?? "").startsWith("multipart/form-data");

/** The files' part names: "medias" for sends; the spec's uploads of one record's attachment name theirs "file" or "files". */
const MEDIA_PARTS = ["medias", "medias[]"];

export async function readMultipart(c: Context, fileParts: string[] = MEDIA_PARTS): Promise<{
  fields: Record<string, string>;
  /** Every value of each text part, in order (a repeated part, e.g. one id per file). */
  repeated: Record<string, string[]>;
  files: (Upload & { fileName: string })[];
}> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new AppError("ERR_VALIDATION", 400, "body: not a valid multipart form", { field: "body" });
  }
  const fields: Record<string, string> = {};
  const repeated: Record<string, string[]> = {};
  const files: (Upload & { fileName: string })[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") {
      fields[name] = value;
      (repeated[name.replace(/\[\]$/, "")] ??= []).push(value);
    } else if (fileParts.includes(name)) {
      if (files.length >= MAX_FILES) throw new AppError("ERR_VALIDATION", 400, `${name}: at most ${MAX_FILES} files`, { field: name });
      files.push({
        data: new Uint8Array(await value.arrayBuffer()),
        mimetype: value.type || "application/octet-stream",
        fileName: cleanName(value.name) || "file",
      });
    }
  }
  return { fields, repeated, files };
}

/** The one file of an attachment upload (part "file", the spec's name), with the form's text parts. */
export async function readOneFile(c: Context) {
  const { fields, files } = await readMultipart(c, ["file", "medias"]);
  if (files.length !== 1) throw new AppError("ERR_VALIDATION", 400, "file: exactly one file", { field: "file" });
  return { fields, file: files[0] };
}
