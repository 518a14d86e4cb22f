/** The help video form's rules: a title and a YouTube id or address, as the server checks them. */
import type { Help, HelpInput } from "../../../api/helps.ts";
import { collect, type Issues, length } from "../../../lib/validation.ts";
import { videoIdOf } from "../../../../../contracts/videos.ts";

export type HelpField = "title" | "video" | "description";

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;

export function helpValues(help: Help | null): HelpInput {
  return {
    title: help?.title ?? "",
    video: help?.video ?? "",
    description: help?.description ?? "",
  };
}

export function validateHelp(values: HelpInput): Issues<HelpField> {
  return collect<HelpField>({
    title: length(values.title, 1, TITLE_MAX),
    video: !values.video.trim()
      ? { key: "validation.required" }
      : videoIdOf(values.video)
      ? null
      : { key: "helps.form.invalidVideo" },
    description: length(values.description, 0, DESCRIPTION_MAX, false),
  });
}

/** What is sent: trimmed, the video as the id the server would keep. */
export function toHelpInput(values: HelpInput): HelpInput {
  return {
    title: values.title.trim(),
    video: videoIdOf(values.video) ?? values.video.trim(),
    description: values.description.trim(),
  };
}
