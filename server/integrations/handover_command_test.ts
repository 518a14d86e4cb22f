import assert from "node:assert/strict";
import { readCommand } from "./handover_command.ts";

Deno.test("handover commands: the original's #{queueId}, #{stopBot} and their userId are read out of the text; anything else stays text", () => {
  const command = (queueId: number | null, userId: number | null = null) => ({ queueId, userId });
  assert.deepEqual(readCommand('#{"queueId":3}'), { text: "", command: command(3) });
  assert.deepEqual(readCommand(' #{"queueId": 3, "userId": 7}\n'), {
    text: "",
    command: command(3, 7),
  });
  assert.deepEqual(readCommand('Vou te passar para o financeiro. #{"queueId":3,"userId":7}'), {
    text: "Vou te passar para o financeiro.",
    command: command(3, 7),
  });
  assert.deepEqual(readCommand('#{"stopBot":true}'), { text: "", command: command(null) });
  assert.deepEqual(readCommand('#{"stopBot":true,"userId":7}'), {
    text: "",
    command: command(null, 7),
  });
  assert.deepEqual(
    readCommand("#{“queueId”:3}"),
    { text: "", command: command(3) },
    "curly quotes",
  );
  for (
    const text of [
      "Olá! Como posso ajudar?",
      "Use #{nome} no texto",
      '#{"queueId":"3"}',
      '#{"queueId":0}',
      '#{"queueId":3.5}',
      '#{"stopBot":false}',
      '#{"userId":7}',
      '#{"queueId":3,"extra":1}',
      '#{"queueId":3',
    ]
  ) {
    assert.deepEqual(readCommand(text), { text, command: null }, text);
  }
});
