import assert from "node:assert/strict";
import { ApiError } from "../api/errors.ts";
import { i18n } from "../i18n/index.ts";
import { errorMessage, toast, toastQueue } from "./toast.ts";

Deno.test("error toasts: a plan limit says the limit, in the spec's words", async () => {
  await i18n.changeLanguage("pt");
  const over = (code: string) => new ApiError(403, code, "", undefined, { error: code, limit: 3 });
  assert.equal(errorMessage(over("ERR_USER_LIMIT_REACHED")), "Número máximo de usuários já alcançado: 3");
  assert.equal(errorMessage(over("ERR_CONNECTION_LIMIT_REACHED")), "Número máximo de conexões já alcançado: 3");
  assert.equal(errorMessage(over("ERR_QUEUE_LIMIT_REACHED")), "Número máximo de filas já alcançado: 3");
});

Deno.test("error toasts: a refused spreadsheet says which bound, and which cell, in pt, en and es", async () => {
  const cell = new ApiError(413, "ERR_SHEET_CELL_TOO_LONG", "", undefined, {
    error: "ERR_SHEET_CELL_TOO_LONG",
    limit: 32767,
    row: 2,
    column: "A",
  });
  const rows = new ApiError(413, "ERR_SHEET_TOO_MANY_ROWS", "", undefined, { error: "ERR_SHEET_TOO_MANY_ROWS", limit: 10000 });
  const said: string[] = [];
  try {
    for (const language of ["pt", "en", "es"]) {
      await i18n.changeLanguage(language);
      said.push(errorMessage(cell), errorMessage(rows));
    }
  } finally {
    await i18n.changeLanguage("pt");
  }
  assert.deepEqual(said, [
    "A célula A2 tem mais de 32767 caracteres.",
    "A planilha tem mais de 10000 linhas. Divida-a em arquivos menores.",
    "Cell A2 has more than 32767 characters.",
    "The spreadsheet has more than 10000 rows. Split it into smaller files.",
    "La celda A2 tiene más de 32767 caracteres.",
    "La hoja de cálculo tiene más de 10000 filas. Divídala en archivos más pequeños.",
  ]);
});

Deno.test("toasts: words already on screen are not shown again (a page whose calls are all refused says why once)", async () => {
  await i18n.changeLanguage("pt");
  const overdue = new ApiError(403, "ERR_SUBSCRIPTION_EXPIRED", "", undefined, { error: "ERR_SUBSCRIPTION_EXPIRED", dueDate: "2026-11-27" });
  try {
    for (let i = 0; i < 6; i++) toast.apiError(overdue);
    toast.warning(errorMessage(overdue));
    toast.info("Outra coisa");
    assert.deepEqual(toastQueue.visibleToasts.map((t) => t.content.message), ["Outra coisa", errorMessage(overdue)]);
  } finally {
    toastQueue.clear();
  }
});
