import assert from "node:assert/strict";
import { todayIso } from "./format.ts";

Deno.test("today in the company's time zone: past midnight in UTC it is still yesterday in São Paulo", () => {
  const at = new Date("2026-11-27T00:13:00Z");
  assert.equal(todayIso(at, "America/Sao_Paulo"), "2026-11-26");
  assert.equal(todayIso(at, "UTC"), "2026-11-27");
  assert.equal(todayIso(at, "Asia/Tokyo"), "2026-11-27");
  // An unknown zone falls back to the browser's day rather than failing the page.
  assert.match(todayIso(at, "Not/AZone"), /^\d{4}-\d{2}-\d{2}$/);
});
