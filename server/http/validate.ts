// zod at the edges: a failed parse becomes ERR_VALIDATION naming the field. Every parsed
// value is also checked for control characters, so no route has to remember it.
import { zValidator } from "@hono/zod-validator";
import type { ZodType } from "zod";
import { z } from "zod";
import { AppError } from "./errors.ts";

type Target = "json" | "query" | "param";

type Issue = { path: PropertyKey[]; message: string };
type Issues = { issues: Issue[] };

export function validationError(error: Issues, fallback = "body") {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join(".") || fallback;
  return new AppError("ERR_VALIDATION", 400, `${field}: ${issue?.message ?? "invalid"}`, { field });
}

// C0 controls are invisible, break exports, and a NUL cuts the text short where it is
// stored. Texts may hold tab and line breaks; single-line fields (names, numbers, e-mail
// addresses, shortcodes) may not.
// deno-lint-ignore no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
// deno-lint-ignore no-control-regex
const CONTROL_OR_BREAK = /[\u0000-\u001F]/;
const SINGLE_LINE = /^(name|email|number|shortcode)$|(Name|Email|Number)$/;

/** The first string in a parsed value that holds a control character it may not hold. */
export function controlCharIssue(value: unknown, path: PropertyKey[] = [], depth = 0): Issue | null {
  if (typeof value === "string") {
    const key = String(path.at(-1) ?? "");
    return (SINGLE_LINE.test(key) ? CONTROL_OR_BREAK : CONTROL).test(value)
      ? { path, message: "control characters are not allowed" }
      : null;
  }
  if (depth > 20 || value === null || typeof value !== "object") return null;
  for (const [k, v] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    const issue = controlCharIssue(v, [...path, k], depth + 1);
    if (issue) return issue;
  }
  return null;
}

function assertNoControls(value: unknown, fallback?: string) {
  const issue = controlCharIssue(value);
  if (issue) throw validationError({ issues: [issue] }, fallback);
}

/** For bodies parsed by hand (JSON or multipart on one route). */
export function parseOr400<T extends ZodType>(schema: T, value: unknown) {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  assertNoControls(parsed.data);
  return parsed.data as import("zod").infer<T>;
}

export const valid = <T extends ZodType, K extends Target>(target: K, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error, target);
    assertNoControls(result.data, target);
  });

/**
 * An optional id-like field the spec's client may send as null, "" or false for "none": all
 * three arrive as null (an update clears the field), a missing field stays undefined. Not for
 * booleans, where false is a value.
 */
export const noneable = <T extends ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === false ? null : v), schema.nullish());

/**
 * A record's id: a positive integer, or its decimal string (paths, queries and forms are
 * text, and the spec's client sends some ids as strings). Nothing else: Number() would
 * also read "0x14", " 12\n", [1] and [] (0).
 */
export const recordId = z.preprocess(
  (v) => (typeof v === "string" && /^[1-9][0-9]*$/.test(v) ? Number(v) : v),
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
);

/** A route's `:id` path parameter. */
export const idParam = z.object({ id: recordId });
