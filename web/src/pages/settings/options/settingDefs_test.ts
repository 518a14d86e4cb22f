// Every option of Settings > Options says what it does, in every language (run with `deno test web/src`).
import assert from "node:assert/strict";
import { en } from "../../../i18n/en.ts";
import { es } from "../../../i18n/es.ts";
import { pt } from "../../../i18n/pt.ts";
import { settingDefs } from "./settingDefs.ts";
import { RATING_MAX } from "../../../../../contracts/rating.ts";

Deno.test("every option has a label and a one-line description in pt, en and es", () => {
  for (const [language, catalogue] of Object.entries({ pt, en, es })) {
    const labels: Record<string, string> = catalogue.settings.keys;
    const descriptions: Record<string, string> = catalogue.settingDescriptions;
    for (const { key } of settingDefs) {
      assert.ok(labels[key], `${language}: label of ${key}`);
      const line = descriptions[key];
      assert.ok(line && line.length >= 20, `${language}: description of ${key}`);
      assert.ok(!line.includes("\n") && line.length <= 140, `${language}: ${key} fits one line`);
    }
  }
});

Deno.test("the rating option names the scale the customer is asked (1 to 3), in every language", () => {
  const scale = { pt: `1 a ${RATING_MAX}`, en: `1 to ${RATING_MAX}`, es: `1 a ${RATING_MAX}` };
  for (const [language, catalogue] of Object.entries({ pt, en, es })) {
    const line: string = catalogue.settingDescriptions.userRating;
    assert.ok(line.includes(scale[language as keyof typeof scale]), `${language}: ${line}`);
  }
});
