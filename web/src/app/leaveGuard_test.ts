// Leaving a page with unsaved work asks first: an in-app navigation (history.pushState, the
// router's way) happens only when the user confirms, and the guard leaves no trace once removed.
import assert from "node:assert/strict";
import { guardLeaving } from "./leaveGuard.ts";

Deno.test("leave guard: with unsaved work a navigation waits for the confirmation; saved work goes at once", () => {
  const pushed: string[] = [];
  const original = { pushState: (_s: unknown, _t: string, url?: string | URL | null) => void pushed.push(String(url)) };
  const globals = globalThis as unknown as { history?: unknown; confirm: (m?: string) => boolean };
  const hadHistory = "history" in globalThis;
  const realConfirm = globals.confirm;
  globals.history = original;
  let unsaved = true;
  let answer = false;
  const asked: string[] = [];
  globals.confirm = (message?: string) => {
    asked.push(String(message));
    return answer;
  };
  try {
    const dispose = guardLeaving(() => unsaved, () => "Sair?");
    history.pushState(null, "", "/a");
    assert.deepEqual(pushed, []);
    answer = true;
    history.pushState(null, "", "/b");
    assert.deepEqual(pushed, ["/b"]);
    unsaved = false;
    history.pushState(null, "", "/c");
    assert.deepEqual(pushed, ["/b", "/c"]);
    assert.deepEqual(asked, ["Sair?", "Sair?"]);
    dispose();
    assert.equal(history.pushState, original.pushState);
  } finally {
    globals.confirm = realConfirm;
    if (!hadHistory) delete globals.history;
  }
});
