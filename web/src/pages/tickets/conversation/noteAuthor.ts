import type { TicketNote } from "../../../api/notes.ts";

/** How the flow runtime marks its notes (server/i18n/texts.ts, flow.note.*). */
const BOT_MARK = "🤖";

/** Who a note's line names: a person, or the automation (the runtime's notes, written without an author). */
export type NoteAuthor = { kind: "bot"; text: string } | {
  kind: "person";
  name: string;
  text: string;
};

/**
 * A note without an author that starts with the robot is the flow's: shown as automatic, its
 * text without the mark (the label's icon says it). A note whose author was removed has no
 * author either, but no mark: it stays a person's, nameless.
 */
export function noteAuthor(note: Pick<TicketNote, "userId" | "user" | "note">): NoteAuthor {
  if (note.userId === null && note.note.startsWith(BOT_MARK)) {
    return { kind: "bot", text: note.note.slice(BOT_MARK.length).trimStart() };
  }
  return { kind: "person", name: note.user?.name ?? "", text: note.note };
}
