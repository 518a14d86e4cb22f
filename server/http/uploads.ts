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

export async function readMultipart(c: Context): Promise<{ fields: Record<string, string>; files: (Upload & { fileName: string })[] }> {
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new AppError("ERR_VALIDATION", 400, "body: not a valid multipart form", { field: "body" });
  }
  const fields: Record<string, string> = {};
  const files: (Upload & { fileName: string })[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") fields[name] = value;
    // "file" is what the spec's media-upload calls (announcements, quick messages, schedules) send.
    else if (name === "medias" || name === "medias[]" || name === "file") {
      if (files.length >= MAX_FILES) throw new AppError("ERR_VALIDATION", 400, `medias: at most ${MAX_FILES} files`, { field: "medias" });
      files.push({
        data: new Uint8Array(await value.arrayBuffer()),
        mimetype: value.type || "application/octet-stream",
        fileName: cleanName(value.name) || "file",
      });
    }
  }
  return { fields, files };
}
