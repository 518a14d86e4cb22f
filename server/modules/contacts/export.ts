// Contacts as CSV, streamed in pages of 1,000 by id so a large directory never sits in
// memory at once. UTF-8 with a BOM so spreadsheet programs read the accents right.
import { asc, gt } from "drizzle-orm";
import type { TenantRegistry } from "../../tenancy/registry.ts";
import { contacts } from "../../../db/tenant/schema.ts";

const BATCH = 1000;
const HEADER = ["name", "number", "email", "birthdate", "isCustomer"];

/** RFC 4180 quoting, and a leading ' on values a spreadsheet would run as a formula. */
export function csvCell(value: unknown) {
  let s = value === null || value === undefined ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

export function contactsCsv(registry: TenantRegistry, companyId: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let lastId = 0;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode("\uFEFF" + HEADER.join(",") + "\r\n"));
      }
      // Each page borrows the company's database only for its own query.
      const rows = await registry.with(companyId, (t) =>
        t.db.select().from(contacts).where(gt(contacts.id, lastId)).orderBy(asc(contacts.id)).limit(BATCH));
      if (!rows.length) return controller.close();
      lastId = rows[rows.length - 1].id;
      const text = rows.map((c) => [c.name, c.number, c.email, c.birthdate, c.isCustomer].map(csvCell).join(",")).join("\r\n");
      controller.enqueue(encoder.encode(text + "\r\n"));
    },
  });
}
