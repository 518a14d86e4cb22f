/**
 * The to-do list (seed 002: "tasks kept only in the browser"): one JSON array per user in
 * the browser's storage, never sent to the server. Bounded, so storage never fills up:
 * at most MAX_TASKS tasks of at most TASK_MAX characters each.
 */
import { keys } from "../../lib/storage.ts";

export const MAX_TASKS = 200;
export const TASK_MAX = 500;

export interface Task {
  id: string;
  text: string;
  /** ISO timestamps: when it was added and last edited. */
  createdAt: string;
  updatedAt: string;
  /** Marked done (absent in tasks kept before the mark existed: not done). */
  done?: boolean;
}

export const tasksKey = (userId: number) => `${keys.tasksPrefix}${userId}`;

function isTask(value: unknown): value is Task {
  if (typeof value !== "object" || value === null) return false;
  const task = value as Record<string, unknown>;
  return typeof task.id === "string" && typeof task.text === "string" &&
    typeof task.createdAt === "string" && typeof task.updatedAt === "string" &&
    (task.done === undefined || typeof task.done === "boolean");
}

/** The user's tasks, newest first; whatever is unreadable is dropped, not shown broken. */
export function readTasks(store: Storage, userId: number): Task[] {
  try {
    const value = JSON.parse(store.getItem(tasksKey(userId)) ?? "[]");
    return Array.isArray(value) ? value.filter(isTask).slice(0, MAX_TASKS) : [];
  } catch {
    return [];
  }
}

/** False when the browser refused to keep them (storage full or blocked). */
export function writeTasks(store: Storage, userId: number, tasks: readonly Task[]): boolean {
  try {
    store.setItem(tasksKey(userId), JSON.stringify(tasks));
    return true;
  } catch {
    return false;
  }
}

export type TaskIssue = "required" | "tooLong" | "full";

/** Why a text cannot be saved: blank, too long, or (when adding) the list is full. */
export function taskIssue(text: string, tasks: readonly Task[], adding: boolean): TaskIssue | null {
  const trimmed = text.trim();
  if (!trimmed) return "required";
  if (trimmed.length > TASK_MAX) return "tooLong";
  if (adding && tasks.length >= MAX_TASKS) return "full";
  return null;
}

export function addTask(tasks: readonly Task[], text: string, now = new Date()): Task[] {
  const at = now.toISOString();
  return [{ id: crypto.randomUUID(), text: text.trim(), createdAt: at, updatedAt: at }, ...tasks];
}

export function editTask(tasks: readonly Task[], id: string, text: string, now = new Date()): Task[] {
  return tasks.map((task) =>
    task.id === id ? { ...task, text: text.trim(), updatedAt: now.toISOString() } : task
  );
}

export function deleteTask(tasks: readonly Task[], id: string): Task[] {
  return tasks.filter((task) => task.id !== id);
}

/** Marks the task done, or not done again; it keeps its place and its date. */
export function setTaskDone(tasks: readonly Task[], id: string, done: boolean): Task[] {
  return tasks.map((task) => task.id === id ? { ...task, done } : task);
}
