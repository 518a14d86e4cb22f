// zod at the edges: a failed parse becomes ERR_VALIDATION naming the field.
import { zValidator } from "@hono/zod-validator";
import type { ZodType } from "zod";
import { z } from "zod";
import { AppError } from "./errors.ts";

type Target = "json" | "query" | "param";

type Issues = { issues: { path: PropertyKey[]; message: string }[] };

export function validationError(error: Issues, fallback = "body") {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join(".") || fallback;
  return new AppError("ERR_VALIDATION", 400, `${field}: ${issue?.message ?? "invalid"}`, { field });
}

/** For bodies parsed by hand (JSON or multipart on one route). */
export function parseOr400<T extends ZodType>(schema: T, value: unknown) {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data as import("zod").infer<T>;
}

export const valid = <T extends ZodType, K extends Target>(target: K, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.error, target);
  });

/**
 * An optional id-like field the spec's client may send as null, "" or false for "none": all
 * three arrive as null (an update clears the field), a missing field stays undefined. Not for
 * booleans, where false is a value.
 */
export const noneable = <T extends ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === false ? null : v), schema.nullish());
