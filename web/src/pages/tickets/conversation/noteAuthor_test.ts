// Which notes are the automation's (run with `deno test web/src`).
import assert from "node:assert/strict";
import { noteAuthor } from "./noteAuthor.ts";

Deno.test("noteAuthor: the flow's notes (no author, the robot mark) are automatic, shown without the mark", () => {
  assert.deepEqual(
    noteAuthor({ userId: null, user: null, note: "🤖 Fluxo “Boas-vindas” iniciado" }),
    {
      kind: "bot",
      text: "Fluxo “Boas-vindas” iniciado",
    },
  );
});

Deno.test("noteAuthor: a person's note keeps its author, even one starting with the robot", () => {
  assert.deepEqual(
    noteAuthor({ userId: 3, user: { id: 3, name: "Ana" }, note: "🤖 copiei do bot" }),
    {
      kind: "person",
      name: "Ana",
      text: "🤖 copiei do bot",
    },
  );
});

Deno.test("noteAuthor: a note whose author was removed stays a person's, nameless", () => {
  assert.deepEqual(noteAuthor({ userId: null, user: null, note: "ligar amanhã" }), {
    kind: "person",
    name: "",
    text: "ligar amanhã",
  });
});

Deno.test("noteAuthor: a queue integration's notes (no author, the plug mark) are automatic too", () => {
  assert.deepEqual(
    noteAuthor({
      userId: null,
      user: null,
      note: "🔌 Integração “Typebot” passou o atendimento para a equipe: comando de transferência",
    }),
    {
      kind: "bot",
      text: "Integração “Typebot” passou o atendimento para a equipe: comando de transferência",
    },
  );
});
