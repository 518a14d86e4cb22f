import assert from "node:assert/strict";
import { ADMIN, startTestServer } from "../testing.ts";

Deno.test("request load: busy while a request is being answered, idle once it is", async () => {
  const s = await startTestServer();
  try {
    assert.equal(s.deps.load.busy(), false);
    // A login is answered after an asynchronous password check: sample the load meanwhile.
    let seen = false;
    let done = false;
    const sampling = (async () => {
      while (!done && !seen) {
        seen = s.deps.load.busy();
        await new Promise((r) => setTimeout(r, 0));
      }
    })();
    const r = await s.call("/auth/login", { body: ADMIN });
    done = true;
    await sampling;
    assert.equal(r.status, 200);
    assert.equal(seen, true, "busy while the login was being answered");
    assert.equal(s.deps.load.busy(), false);
  } finally {
    await s.stop();
  }
});
