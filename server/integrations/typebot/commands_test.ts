import assert from "node:assert/strict";
import { parseHandover } from "./commands.ts";

Deno.test("typebot commands: the original's queueId, queueId with userId, stopBot and stopBot with userId are commands", () => {
  assert.deepEqual(parseHandover('#{"queueId":3}'), { queueId: 3, userId: null });
  assert.deepEqual(parseHandover(' #{"queueId": 3, "userId": 7}\n'), { queueId: 3, userId: 7 });
  assert.deepEqual(parseHandover('#{"stopBot":true}'), { queueId: null, userId: null });
  assert.deepEqual(parseHandover('#{"stopBot":true,"userId":7}'), { queueId: null, userId: 7 });
  assert.deepEqual(parseHandover("#{“queueId”:3}"), { queueId: 3, userId: null }, "curly quotes");
});

Deno.test("typebot commands: text around the command, other keys, bad ids and stopBot false are ordinary text", () => {
  for (
    const text of [
      'Vou transferir #{"queueId":3}',
      '#{"queueId":3} agora',
      '#{"queueId":"3"}',
      '#{"queueId":0}',
      '#{"queueId":1.5}',
      '#{"stopBot":false}',
      '#{"queueId":3,"tagId":1}',
      "#{queueId:3}",
      "#hashtag",
      '{"queueId":3}',
    ]
  ) assert.equal(parseHandover(text), null, text);
});
