import type { TicketNote } from "../../../api/notes.ts";

/**
 * How the automation marks its notes (server/i18n/texts.ts): the robot for flows and agents
 * (flow.note.*, agent.note.*), the plug for queue integrations (integration.note.*).
 */
const BOT_MARKS = ["🤖", "🔌"];

/** Who a note's line names: a person, or the automation (the runtime's notes, written without an author). */
export type NoteAuthor = { kind: "bot"; text: string } | {
  kind: "person";
  name: string;
  text: string;
};

/**
 * A note without an author that starts with a mark is the automation's: shown as automatic, its
 * text without the mark (the label's icon says it). A note whose author was removed has no
 * author either, but no mark: it stays a person's, nameless.
 */
export function noteAuthor(note: Pick<TicketNote, "userId" | "user" | "note">): NoteAuthor {
  const mark = BOT_MARKS.find((m) => note.note.startsWith(m));
  if (note.userId === null && mark) {
    return { kind: "bot", text: note.note.slice(mark.length).trimStart() };
  }
  return { kind: "person", name: note.user?.name ?? "", text: note.note };
}
