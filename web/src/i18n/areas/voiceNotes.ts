import type { Widen } from "../widen.ts";

/**
 * Texts of a customer's voice note heard by an AI agent (issue 22): its transcript under the
 * audio player. Portuguese is the reference; en and es have the same keys.
 */
export const voiceNotesPt = {
  transcript: "Transcrição",
};

export const voiceNotesEn: Widen<typeof voiceNotesPt> = {
  transcript: "Transcript",
};

export const voiceNotesEs: Widen<typeof voiceNotesPt> = {
  transcript: "Transcripción",
};
