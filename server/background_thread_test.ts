import assert from "node:assert/strict";
import { join } from "node:path";
import { hashPassword, holdPasswordThreads, verifyPassword } from "./auth/password.ts";
import { Checkpoints } from "./tenancy/checkpoints.ts";
import { BACKGROUND_NICE } from "./background_thread.js";
import { checkInOwnProcess } from "./testing.ts";

/** The nice value of each of this process's threads, by thread id. */
function nices(): Map<number, number> {
  const out = new Map<number, number>();
  for (const e of Deno.readDirSync("/proc/self/task")) {
    try {
      const fields = Deno.readTextFileSync(`/proc/self/task/${e.name}/stat`).split(") ")[1].split(
        " ",
      );
      out.set(Number(e.name), Number(fields[16]));
    } catch { /* the thread ended meanwhile */ }
  }
  return out;
}
const background = () => [...nices().values()].filter((n) => n === BACKGROUND_NICE).length;
const linux = Deno.build.os === "linux";

/**
 * The check, in a process of its own: it reads every thread of the process, and `deno test
 * --parallel` runs other test files as threads of this one, hashing passwords beside it.
 */
async function checkPriorities() {
  const before = background();
  const release = holdPasswordThreads();
  const checkpoints = new Checkpoints();
  const dir = await Deno.makeTempDir({ prefix: "nice-test-" });
  try {
    const stored = await hashPassword("segredo123");
    assert.ok(await verifyPassword("segredo123", stored));
    assert.equal(await verifyPassword("outra", stored), false);
    assert.ok(background() >= before + 1, "a password thread at background priority");
    await checkpoints.migrate(join(dir, "t.db"), 0, [["CREATE TABLE t (x)"]]);
    assert.ok(background() >= before + 2, "the file thread at background priority");
    assert.ok(
      (nices().get(Deno.pid) ?? 0) < BACKGROUND_NICE,
      "the event loop's thread keeps its priority",
    );
  } finally {
    checkpoints.close();
    release();
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) {
  await checkPriorities();
  console.log("priorities ok");
}

Deno.test({
  name:
    "the password threads and the file thread work at background priority; the event loop's thread keeps its own",
  // A program started below the background priority already (nice) has nothing to lower.
  ignore: !linux || (nices().get(Deno.pid) ?? 0) >= BACKGROUND_NICE,
  fn: () => checkInOwnProcess(import.meta.filename!, "priorities ok"),
});

Deno.test("hashes asked at once are all answered, each right; a stop fails what is still waiting", async () => {
  const release = holdPasswordThreads();
  const words = Array.from({ length: 6 }, (_, i) => `senha-${i}`);
  const stored = await Promise.all(words.map(hashPassword));
  assert.deepEqual(
    await Promise.all(words.map((w, i) => verifyPassword(w, stored[i]))),
    words.map(() => true),
  );
  const pending = Promise.allSettled(words.map(hashPassword));
  release();
  const settled = await pending;
  assert.ok(
    settled.some((s) => s.status === "rejected"),
    "the waiting hashes fail when the threads stop",
  );
  // Started again for the next one.
  const again = holdPasswordThreads();
  try {
    assert.ok(await verifyPassword("senha-0", stored[0]));
  } finally {
    again();
  }
});
