// Bulk contact creation: spreadsheet rows and the phone's address book. Every row is
// checked like POST /contacts; a bad row goes to the errorBag and never stops the others.
import { inArray } from "drizzle-orm";
import type { z } from "zod";
import { contacts } from "../../../db/tenant/schema.ts";
import { type ContactCtx, contactCreate } from "./service.ts";
import { publishContact } from "./identity.ts";
import { controlCharIssue } from "../../http/validate.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { excerpt } from "./spreadsheet.ts";

export interface ImportRow {
  row: number;
  name: string;
  number: string;
  email?: string;
}

export interface ImportResult {
  newContacts: { contactId: number; contactName: string }[];
  errorBag: { row: number; contactName: string; error: { code: string; message: string } }[];
}

const CHUNK = 500;
/** Above this many new contacts, browsers get one "reload" event instead of one per contact. */
const LIVE_EACH = 200;

type Valid = { row: number; values: z.infer<typeof contactCreate> };

export async function importRows(ctx: ContactCtx, rows: ImportRow[]): Promise<ImportResult> {
  const result: ImportResult = { newContacts: [], errorBag: [] };
  const valid: Valid[] = [];
  for (const r of rows) {
    const parsed = contactCreate.safeParse({ name: r.name, number: r.number, email: r.email ?? "" });
    const issue = parsed.success ? controlCharIssue(parsed.data) : parsed.error.issues[0];
    if (parsed.success && !issue) valid.push({ row: r.row, values: parsed.data });
    else {
      result.errorBag.push({
        row: r.row,
        contactName: excerpt(r.name),
        error: { code: "ERR_VALIDATION", message: `${issue?.path.join(".")}: ${issue?.message ?? "invalid"}` },
      });
    }
  }
  for (let i = 0; i < valid.length; i += CHUNK) await insertChunk(ctx, valid.slice(i, i + CHUNK), result);
  result.errorBag.sort((a, b) => a.row - b.row);
  if (result.newContacts.length > LIVE_EACH) {
    ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "contact"), { action: "reload" });
  }
  return result;
}

async function insertChunk(ctx: ContactCtx, chunk: Valid[], result: ImportResult) {
  const db = ctx.tenant.db;
  const taken = new Set((await db.select({ number: contacts.number }).from(contacts)
    .where(inArray(contacts.number, chunk.map((v) => v.values.number)))).map((c) => c.number));
  const fresh: Valid[] = [];
  for (const v of chunk) {
    if (taken.has(v.values.number)) {
      result.errorBag.push({
        row: v.row,
        contactName: v.values.name,
        error: { code: "ERR_DUPLICATED_CONTACT", message: "a contact with this number exists" },
      });
    } else {
      taken.add(v.values.number);
      fresh.push(v);
    }
  }
  if (!fresh.length) return;
  const inserted = await db.insert(contacts).values(fresh.map((v) => v.values)).onConflictDoNothing()
    .returning();
  const byNumber = new Map(inserted.map((c) => [c.number, c]));
  for (const v of fresh) {
    const c = byNumber.get(v.values.number);
    if (c) {
      result.newContacts.push({ contactId: c.id, contactName: c.name });
      if (fresh.length <= LIVE_EACH) publishContact(ctx.hub, ctx.tenant.companyId, "create", c);
    }
    else {
      result.errorBag.push({
        row: v.row,
        contactName: v.values.name,
        error: { code: "ERR_DUPLICATED_CONTACT", message: "a contact with this number exists" },
      });
    }
  }
}
