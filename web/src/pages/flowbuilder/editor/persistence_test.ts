import assert from "node:assert/strict";
import { ApiError } from "../../../api/errors.ts";
import { refusedProblems } from "./persistence.ts";

Deno.test("the server's ERR_FLOW_INVALID becomes the blocks to mark; junk entries are dropped; other errors are not problems", () => {
  const refused = new ApiError(400, "ERR_FLOW_INVALID", "invalid", undefined, {
    error: "ERR_FLOW_INVALID",
    problems: [
      { nodeId: "abc", code: "outputUnwired", handle: "a1" },
      { nodeId: null, code: "noStart" },
      { nodeId: 3 },
      "junk",
    ],
  });
  assert.deepEqual(refusedProblems(refused), [
    { nodeId: "abc", code: "outputUnwired", handle: "a1" },
    { nodeId: null, code: "noStart" },
  ]);
  assert.equal(refusedProblems(new ApiError(400, "ERR_VALIDATION", "x")), null);
  assert.equal(refusedProblems(new Error("offline")), null);
});
