// One record's attachment (quick answers, schedules, file list options): checked by the
// media store, optionally narrowed to the types the spec allows for the record, and the
// previous file removed once the record points at the new one.
import { AppError } from "../http/errors.ts";
import type { MediaStore, StoredMedia, Upload } from "./store.ts";

/** The spec's image attachments (schedules, announcements): png and jpg/jpeg only. */
export const PNG_JPG = ["image/png", "image/jpeg"];

export async function saveAttachment(store: MediaStore, companyId: number, up: Upload, accept?: string[]): Promise<StoredMedia> {
  const type = store.check(up);
  if (accept && !accept.includes(type)) {
    throw new AppError("ERR_FILE_TYPE", 415, `only ${accept.join(", ")} are accepted here`, { accept });
  }
  return await store.save(companyId, up);
}

/**
 * Points a record at a new file (or none) and then removes the file it held. The write
 * comes first: a failure leaves the old file in use, never a record pointing at nothing.
 */
export async function replaceAttachment<T>(
  store: MediaStore,
  companyId: number,
  previousUrl: string | null,
  write: () => Promise<T>,
): Promise<T> {
  const result = await write();
  await store.remove(companyId, previousUrl);
  return result;
}
