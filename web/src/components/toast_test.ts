import assert from "node:assert/strict";
import { ApiError } from "../api/errors.ts";
import { i18n } from "../i18n/index.ts";
import { errorMessage } from "./toast.ts";

Deno.test("error toasts: a plan limit says the limit, in the spec's words", async () => {
  await i18n.changeLanguage("pt");
  const over = (code: string) => new ApiError(403, code, "", undefined, { error: code, limit: 3 });
  assert.equal(errorMessage(over("ERR_USER_LIMIT_REACHED")), "Número máximo de usuários já alcançado: 3");
  assert.equal(errorMessage(over("ERR_CONNECTION_LIMIT_REACHED")), "Número máximo de conexões já alcançado: 3");
  assert.equal(errorMessage(over("ERR_QUEUE_LIMIT_REACHED")), "Número máximo de filas já alcançado: 3");
});
