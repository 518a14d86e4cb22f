import assert from "node:assert/strict";
import { lastSaveWins } from "./lastSaveWins.ts";

/** A save the test finishes by hand, in the order it chooses. */
function slowSaves() {
  const started: string[] = [];
  const finish: (() => void)[] = [];
  const save = (value: string) =>
    new Promise<void>((resolve) => {
      started.push(value);
      finish.push(resolve);
    });
  return { started, finish, save };
}

Deno.test("last save wins: one save at a time, and the values asked meanwhile collapse to the last", async () => {
  const { started, finish, save } = slowSaves();
  const saveLanguage = lastSaveWins(save);
  const turn = () => new Promise((r) => setTimeout(r, 0));
  const first = saveLanguage("pt");
  await turn();
  const second = saveLanguage("es");
  const third = saveLanguage("en");
  await turn();
  assert.deepEqual(started, ["pt"], "nothing else starts while one saves");
  finish[0]();
  await first;
  await second;
  await turn();
  assert.deepEqual(started, ["pt", "en"], "es was overtaken before it started");
  finish[1]();
  await third;
});

Deno.test("last save wins: a failed save reaches its caller and the next still runs", async () => {
  const saved: string[] = [];
  const saveLanguage = lastSaveWins((value: string) => {
    if (value === "xx") return Promise.reject(new Error("refused"));
    saved.push(value);
    return Promise.resolve();
  });
  await assert.rejects(saveLanguage("xx"), /refused/);
  await saveLanguage("en");
  assert.deepEqual(saved, ["en"]);
});
