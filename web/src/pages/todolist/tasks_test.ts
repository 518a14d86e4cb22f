// To-do list rules (run with `deno test web/src`).
import assert from "node:assert/strict";
import {
  addTask,
  deleteTask,
  editTask,
  MAX_TASKS,
  readTasks,
  setTaskDone,
  TASK_MAX,
  taskIssue,
  tasksKey,
  writeTasks,
} from "./tasks.ts";

class MemoryStorage implements Storage {
  #items = new Map<string, string>();
  full = false;
  get length() {
    return this.#items.size;
  }
  clear() {
    this.#items.clear();
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.#items.delete(key);
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException("quota", "QuotaExceededError");
    this.#items.set(key, value);
  }
}

Deno.test("to-do: tasks are added newest first, edited in place and deleted, per user", () => {
  const store = new MemoryStorage();
  let tasks = addTask([], "  Ligar para o cliente  ", new Date("2026-11-24T10:00:00Z"));
  tasks = addTask(tasks, "Enviar proposta", new Date("2026-11-24T11:00:00Z"));
  assert.deepEqual(tasks.map((t) => t.text), ["Enviar proposta", "Ligar para o cliente"]);
  const first = tasks[1];
  tasks = editTask(tasks, first.id, "Ligar às 15h", new Date("2026-11-24T12:00:00Z"));
  assert.equal(tasks[1].text, "Ligar às 15h");
  assert.equal(tasks[1].createdAt, first.createdAt);
  assert.equal(tasks[1].updatedAt, "2026-11-24T12:00:00.000Z");
  assert.ok(writeTasks(store, 7, tasks));
  assert.deepEqual(readTasks(store, 7), tasks);
  assert.deepEqual(readTasks(store, 8), [], "another user of the browser has his own list");
  tasks = deleteTask(tasks, tasks[0].id);
  assert.deepEqual(tasks.map((t) => t.text), ["Ligar às 15h"]);
});

Deno.test("to-do: blank, too long and over the bound are refused; broken storage reads as empty", () => {
  const store = new MemoryStorage();
  assert.equal(taskIssue("   ", [], true), "required");
  assert.equal(taskIssue("x".repeat(TASK_MAX + 1), [], true), "tooLong");
  let tasks = addTask([], "a");
  for (let i = 1; i < MAX_TASKS; i++) tasks = addTask(tasks, `t${i}`);
  assert.equal(taskIssue("one more", tasks, true), "full");
  assert.equal(taskIssue("an edit", tasks, false), null, "a full list can still be edited");

  store.setItem(tasksKey(1), "{not json");
  assert.deepEqual(readTasks(store, 1), []);
  store.setItem(tasksKey(1), JSON.stringify([{ id: "x", text: "ok", createdAt: "a", updatedAt: "a" }, { text: 3 }]));
  assert.deepEqual(readTasks(store, 1).map((t) => t.text), ["ok"]);
  store.full = true;
  assert.equal(writeTasks(store, 1, tasks), false, "a full storage is reported, not thrown");
});

Deno.test("to-do list: a task marked done stays in its place, is kept in the browser, and can be undone; tasks kept before the mark read as not done", () => {
  const store = new MemoryStorage();
  const tasks = addTask(addTask([], "Ligar para Carla"), "Enviar proposta");
  const done = setTaskDone(tasks, tasks[1].id, true);
  assert.deepEqual(done.map((t) => [t.text, t.done ?? false]), [["Enviar proposta", false], ["Ligar para Carla", true]]);
  assert.equal(done[1].updatedAt, tasks[1].updatedAt, "marking is not editing");
  assert.ok(writeTasks(store, 7, done));
  assert.deepEqual(readTasks(store, 7).map((t) => t.done ?? false), [false, true]);
  assert.deepEqual(setTaskDone(done, tasks[1].id, false).map((t) => t.done), [undefined, false]);
  store.setItem(tasksKey(8), JSON.stringify([{ id: "a", text: "antiga", createdAt: "x", updatedAt: "x" }, { id: "b", text: "x", createdAt: "x", updatedAt: "x", done: "sim" }]));
  assert.deepEqual(readTasks(store, 8).map((t) => [t.id, t.done]), [["a", undefined]], "a mark that is not true or false is unreadable");
});
