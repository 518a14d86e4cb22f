// The accessibility pass: axe-core (the engine itself, from node_modules) injected into
// the page as it is, its serious and critical findings returned for the test to assert on.
import assert from "node:assert/strict";
import { join } from "node:path";
import type { Page } from "playwright-core";

const AXE = join(import.meta.dirname!, "..", "node_modules", "axe-core", "axe.min.js");

export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
  /** Each target's markup and what axe says of it. */
  details: string[];
}

/** Serious and critical WCAG A/AA violations on the page as it stands now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => "axe" in globalThis))) await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    // deno-lint-ignore no-explicit-any
    const axe = (globalThis as any).axe;
    const result = await axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
    // deno-lint-ignore no-explicit-any
    return result.violations.map((v: any) => ({
      id: v.id,
      impact: v.impact ?? "",
      help: v.help,
      // deno-lint-ignore no-explicit-any
      targets: v.nodes.slice(0, 5).map((n: any) => String(n.target)),
      // deno-lint-ignore no-explicit-any
      details: v.nodes.slice(0, 5).map((n: any) => `${String(n.html).slice(0, 120)} ${n.failureSummary ?? ""}`),
    }));
  });
  return (found as Violation[]).filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** One line per violation, for an assertion's message. */
export const describeViolations = (vs: Violation[]) => vs.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.targets.join(", ")}\n  ${v.details.join("\n  ")}`).join("\n");

/**
 * The violations outside react-aria's live announcer: the role="log" region it adds keeps
 * role="img" entries of announcements already gone (toasts, closed dialogs), empty of text.
 */
export async function pageViolations(page: Page): Promise<Violation[]> {
  const found = [];
  for (const v of await seriousViolations(page)) {
    const stale = v.id === "role-img-alt" && await page.evaluate(
      // An entry the announcer removed (7 s after it was made) between axe's run and this look is gone, not unlabelled.
      (selectors) => selectors.every((s) => {
        const node = document.querySelector(s);
        return !node || node.closest('[role="log"][aria-live]');
      }),
      v.targets,
    );
    if (!stale) found.push(v);
  }
  return found;
}

/** No serious axe finding on the page, but for the announcer's stale entries (pageViolations). */
export async function assertAccessible(page: Page, where: string) {
  const found = await pageViolations(page);
  assert.deepEqual(found, [], `${where}:\n${describeViolations(found)}`);
}
