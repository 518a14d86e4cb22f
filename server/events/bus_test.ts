import assert from "node:assert/strict";
import { Bus } from "./bus.ts";
import { setLogLevel } from "../log.ts";

Deno.test("bus: listeners run in order, awaited, and one failure does not stop the next", async () => {
  const bus = new Bus<{ "x.happened": { n: number } }>();
  const seen: string[] = [];
  bus.on("x.happened", async (e) => {
    await new Promise((r) => setTimeout(r, 5));
    seen.push(`a${e.n}`);
  });
  bus.on("x.happened", () => {
    throw new Error("boom");
  });
  const off = bus.on("x.happened", (e) => void seen.push(`c${e.n}`));
  setLogLevel("error"); // the failure is expected: keep its warning out of the test output
  await bus.emit("x.happened", { n: 1 });
  off();
  await bus.emit("x.happened", { n: 2 });
  setLogLevel("info");
  assert.deepEqual(seen, ["a1", "c1", "a2"]);
});
