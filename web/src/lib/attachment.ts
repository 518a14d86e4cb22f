/**
 * A record's attachment as a form holds it: what the record has, the file chosen in the
 * dialog (uploaded once the record is saved, since a new record has no id before), and
 * whether the user removed it.
 */
export interface AttachmentValue {
  /** The record's attachment name when the dialog opened. */
  current: string | null;
  file: File | null;
  cleared: boolean;
}

export const attachmentOf = (current: string | null | undefined): AttachmentValue => ({
  current: current ?? null,
  file: null,
  cleared: false,
});

/** What saving must do about the attachment after the record itself is saved. */
export function attachmentChange(value: AttachmentValue): "upload" | "delete" | "none" {
  if (value.file) return "upload";
  return value.cleared && value.current ? "delete" : "none";
}

/** The name shown in the field: the chosen file's, else the record's unless removed. */
export function attachmentShown(value: AttachmentValue): { name: string | null; pending: boolean } {
  if (value.file) return { name: value.file.name, pending: true };
  return { name: value.cleared ? null : value.current, pending: false };
}

/** Whether a file is one of the accepted types (by MIME type, then by extension). */
export function accepts(file: Pick<File, "name" | "type">, accept: readonly string[] | undefined): boolean {
  if (!accept) return true;
  if (accept.includes(file.type)) return true;
  const ext = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return ext !== undefined && accept.some((a) => a === `.${ext}`);
}

/** Uploads or deletes the attachment after its record was saved; the record as it ends up, or null when untouched. */
export async function applyAttachment<T>(
  value: AttachmentValue,
  upload: (file: File) => Promise<T>,
  remove: () => Promise<T>,
): Promise<T | null> {
  const change = attachmentChange(value);
  if (change === "upload") return await upload(value.file!);
  if (change === "delete") return await remove();
  return null;
}

/** The spec's image attachments (schedules): png, jpg and jpeg. */
export const IMAGE_TYPES = ["image/png", "image/jpeg", ".png", ".jpg", ".jpeg"] as const;
