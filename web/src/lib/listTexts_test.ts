import assert from "node:assert/strict";
import i18next, { type TFunction } from "i18next";
import { en } from "../i18n/en.ts";
import { es } from "../i18n/es.ts";
import { pt } from "../i18n/pt.ts";
import { listTexts } from "./listTexts.ts";

/** The list pages on ListPage: their prefix and what names a row in their words. */
const AREAS: { prefix: string; named: (row: { label: string }) => Record<string, string> }[] = [
  { prefix: "announcements", named: (row) => ({ title: row.label }) },
  { prefix: "schedules.quick", named: (row) => ({ shortcode: row.label }) },
  { prefix: "campaigns", named: (row) => ({ name: row.label }) },
  { prefix: "contactLists", named: (row) => ({ name: row.label }) },
  { prefix: "tags", named: (row) => ({ name: row.label }) },
];

Deno.test("list pages: every area's words are in pt, en and es, and its rows are named in them", async () => {
  for (const [lng, catalogue] of Object.entries({ pt, en, es })) {
    const i18n = i18next.createInstance();
    await i18n.init({ lng, resources: { [lng]: { translation: catalogue } } });
    const missing: string[] = [];
    const t = ((key: string, options?: Record<string, string>) => {
      if (!i18n.exists(key)) missing.push(key);
      return i18n.t(key, options ?? {});
    }) as unknown as TFunction;
    for (const area of AREAS) {
      const row = { label: "Zé-42" };
      const texts = listTexts(t, area.prefix, area.named);
      for (const label of [texts.edit(row), texts.delete(row), texts.deleteMessage(row)]) {
        assert.ok(
          label.includes(row.label),
          `${lng} ${area.prefix}: "${label}" does not name the row`,
        );
      }
    }
    assert.deepEqual(missing, [], `${lng}: words missing`);
  }
});
