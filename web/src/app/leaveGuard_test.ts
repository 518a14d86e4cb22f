// Leaving a page with unsaved work asks first: an in-app navigation (history.pushState, the
// router's way) happens only when the user confirms, so does the browser's Back, and the guard
// leaves no trace once removed.
import assert from "node:assert/strict";
import { guardLeaving } from "./leaveGuard.ts";

/** A browser's session history: entries of a state and an address, Back firing popstate. */
class FakeHistory {
  entries: { state: unknown; url: string }[] = [{ state: null, url: "/list" }, {
    state: null,
    url: "/editor",
  }];
  at = 1;
  get state() {
    return this.entries[this.at].state;
  }
  get url() {
    return this.entries[this.at].url;
  }
  pushState(state: unknown, _title: string, url?: string | URL | null) {
    this.entries = [...this.entries.slice(0, this.at + 1), {
      state,
      url: url ? String(url) : this.url,
    }];
    this.at++;
  }
  back() {
    if (this.at === 0) return;
    this.at--;
    dispatchEvent(new Event("popstate"));
  }
}

function withBrowser(fn: (h: FakeHistory, answers: boolean[], asked: string[]) => void) {
  const globals = globalThis as unknown as { history?: unknown; confirm: (m?: string) => boolean };
  const hadHistory = "history" in globalThis;
  const realConfirm = globals.confirm;
  const h = new FakeHistory();
  const answers: boolean[] = [];
  const asked: string[] = [];
  globals.history = h;
  globals.confirm = (message?: string) => {
    asked.push(String(message));
    return answers.shift() ?? false;
  };
  try {
    fn(h, answers, asked);
  } finally {
    globals.confirm = realConfirm;
    if (!hadHistory) delete globals.history;
  }
}

Deno.test("leave guard: with unsaved work a navigation waits for the confirmation; saved work goes at once", () => {
  withBrowser((h, answers, asked) => {
    const original = h.pushState;
    let unsaved = true;
    const dispose = guardLeaving(() => unsaved, () => "Sair?");
    const urls = () => h.entries.slice(2).map((e) => e.url);
    assert.deepEqual(urls(), ["/editor"], "the guard's own entry, at the same address");
    history.pushState(null, "", "/a");
    assert.deepEqual(urls(), ["/editor"]);
    answers.push(true);
    history.pushState(null, "", "/b");
    assert.deepEqual(urls(), ["/editor", "/b"]);
    unsaved = false;
    history.pushState(null, "", "/c");
    assert.deepEqual(urls(), ["/editor", "/b", "/c"]);
    assert.deepEqual(asked, ["Sair?", "Sair?"]);
    dispose();
    assert.equal(history.pushState, h.pushState);
    assert.equal(h.pushState, original);
  });
});

Deno.test("leave guard: the browser's Back asks too; refused, the page and its address stay; confirmed, it goes back", () => {
  withBrowser((h, answers, asked) => {
    const dispose = guardLeaving(() => true, () => "Sair?");
    h.back();
    assert.deepEqual(asked, ["Sair?"]);
    assert.equal(h.url, "/editor", "refused: still on the editor");
    assert.equal(
      (h.state as { leaveGuard?: boolean }).leaveGuard,
      true,
      "standing on the guard again",
    );
    answers.push(true);
    h.back();
    assert.equal(h.url, "/list", "confirmed: back to where the editor was opened from");
    assert.deepEqual(asked, ["Sair?", "Sair?"]);
    dispose();
  });
});

Deno.test("leave guard: Back with nothing unsaved goes at once; a second guard on the same entry adds none", () => {
  withBrowser((h, _answers, asked) => {
    const first = guardLeaving(() => false, () => "Sair?");
    first();
    const second = guardLeaving(() => false, () => "Sair?");
    assert.equal(h.entries.length, 3, "one guard entry for a page mounted twice");
    h.back();
    assert.equal(h.url, "/list");
    assert.deepEqual(asked, []);
    second();
    h.at = 2;
    h.back();
    assert.equal(h.url, "/editor", "removed, the guard no longer moves the history");
  });
});
