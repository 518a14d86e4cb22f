import assert from "node:assert/strict";
import { MESSAGE_VARIABLES } from "../../../contracts/messageVariables.ts";
import { en } from "../i18n/en.ts";
import { es } from "../i18n/es.ts";
import { pt } from "../i18n/pt.ts";

Deno.test("message variables: each shared name is explained with an example in pt, en and es", () => {
  for (const [lang, catalogue] of Object.entries({ pt, en, es })) {
    const texts = catalogue.polish.variables as Record<string, unknown>;
    for (const name of MESSAGE_VARIABLES) {
      const entry = texts[name] as { description?: string; example?: string } | undefined;
      assert.ok(
        entry?.description && entry.example,
        `${lang}: {{${name}}} has no description or example`,
      );
    }
  }
  assert.ok(
    pt.polish.variables.ms.description.includes("hora do dia"),
    "{{ms}} says it greets by the time of day",
  );
});
