import assert from "node:assert/strict";
import { readCommand } from "./handover_command.ts";

Deno.test("handover commands: the original's #{queueId} and #{stopBot} are read out of the text; anything else stays text", () => {
  assert.deepEqual(readCommand('#{"queueId":3}'), { text: "", command: { queueId: 3 } });
  assert.deepEqual(readCommand('Vou te passar para o financeiro. #{"queueId":3,"userId":7}'), {
    text: "Vou te passar para o financeiro.",
    command: { queueId: 3, userId: 7 },
  });
  assert.deepEqual(readCommand('#{"stopBot":true}'), { text: "", command: { stopBot: true } });
  for (
    const text of [
      "Olá! Como posso ajudar?",
      "Use #{nome} no texto",
      '#{"queueId":"3"}',
      '#{"queueId":0}',
      '#{"stopBot":false}',
      '#{"queueId":3,"extra":1}',
      '#{"queueId":3',
    ]
  ) {
    assert.deepEqual(readCommand(text), { text, command: null }, text);
  }
});
