// zod at the edges: a failed parse becomes ERR_VALIDATION naming the field.
import { zValidator } from "@hono/zod-validator";
import type { ZodType } from "zod";
import { AppError } from "./errors.ts";

type Target = "json" | "query" | "param";

export const valid = <T extends ZodType, K extends Target>(target: K, schema: T) =>
  zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue?.path.join(".") || target;
      throw new AppError("ERR_VALIDATION", 400, `${field}: ${issue?.message ?? "invalid"}`, {
        field,
      });
    }
  });
