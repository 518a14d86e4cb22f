// A spreadsheet into a contact list: every row gets a result (imported, duplicate, or
// invalid with the reason) in the contacts import's shape, so the browser shows both
// the same way. Rows are written in chunks of one statement each; the browsers get one
// "reload" instead of an event per number.
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Tenant } from "../../tenancy/registry.ts";
import { z } from "zod";
import { contactListItems } from "../../../db/tenant/campaigns.ts";
import { controlCharIssue } from "../../http/validate.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import type { ImportResult as ContactsImportResult } from "../contacts/import.ts";
import { excerpt, type SheetRow } from "../contacts/spreadsheet.ts";
import { getList, itemFields, type ListCtx, publishListCount } from "./service.ts";
import { withCountryCode } from "./numbers.ts";
import { getSetting } from "../settings/service.ts";

const CHUNK = 500;

/** Why a row was refused, for the browser to say in the user's language (message says it in English). */
export type RowReason =
  | "number_empty"
  | "number_length"
  | "number_no_country"
  | "name_length"
  | "email_invalid"
  | "invalid";

/**
 * The contacts import's shape; a refused row also names its field and reason. Numbers
 * written without their country code: how many of the imported ones were completed with
 * the company's code (refused ones are in errorBag as number_no_country).
 */
export type ImportResult = Omit<ContactsImportResult, "errorBag"> & {
  errorBag: {
    row: number;
    contactName: string;
    error: { code: string; message: string; field?: string; reason?: RowReason };
  }[];
  completedNumbers: number;
  /** The company's defaultCountryCode ("" when numbers are taken as written). */
  countryCode: string;
};

const REASONS: Record<string, { reason: RowReason; text: string }> = {
  name: { reason: "name_length", text: "2 to 50 characters" },
  number: { reason: "number_length", text: "8 to 50 digits" },
  email: { reason: "email_invalid", text: "not an e-mail address" },
};

function refused(row: number, contactName: string, field: string, reason: RowReason, text: string) {
  return {
    row,
    // A refused cell may be long: the answer says which row, not the whole of it.
    contactName: excerpt(contactName),
    error: { code: "ERR_VALIDATION", message: `${field}: ${text}`, field, reason },
  };
}

// An imported row must carry a number: a list is there to be sent to. A row without a
// name stays without one: messages then call the contact nothing (or the company's word),
// never its number.
const rowSchema = z.object({
  name: z.union([z.literal(""), itemFields.name]),
  // Digits already: the number as withCountryCode left it.
  number: z.string().min(8).max(50),
  email: itemFields.email,
});
type Valid = { row: number; values: z.infer<typeof rowSchema>; completed: boolean };

const duplicate = (row: number, contactName: string) => ({
  row,
  contactName,
  error: {
    code: "ERR_DUPLICATED_CONTACT_LIST_ITEM",
    message: "this number is already in the list",
  },
});

export async function importIntoList(
  ctx: ListCtx,
  listId: number,
  rows: SheetRow[],
): Promise<ImportResult> {
  await getList(ctx, listId);
  const countryCode = await getSetting(ctx.tenant.db, "defaultCountryCode");
  const result: ImportResult = { newContacts: [], errorBag: [], completedNumbers: 0, countryCode };
  const valid: Valid[] = [];
  for (const r of rows) {
    if (!r.number.trim()) {
      result.errorBag.push(refused(r.row, r.name, "number", "number_empty", "empty"));
      continue;
    }
    const number = withCountryCode(r.number, countryCode);
    if ("refused" in number) {
      result.errorBag.push(refused(r.row, r.name, "number", number.refused, "no area or country code"));
      continue;
    }
    const parsed = rowSchema.safeParse({ name: r.name.trim(), number: number.number, email: r.email });
    const issue = parsed.success ? controlCharIssue(parsed.data) : parsed.error.issues[0];
    if (parsed.success && !issue) valid.push({ row: r.row, values: parsed.data, completed: number.completed });
    else {
      const field = String(issue?.path[0] ?? "row");
      // A control character is refused whatever the field; the other rules are the field's.
      const known = parsed.success ? undefined : REASONS[field];
      result.errorBag.push(
        known
          ? refused(r.row, r.name, field, known.reason, known.text)
          : refused(r.row, r.name, field, "invalid", issue?.message ?? "invalid"),
      );
    }
  }
  const seen = new Set<string>();
  for (let i = 0; i < valid.length; i += CHUNK) {
    await insertChunk(ctx, listId, valid.slice(i, i + CHUNK), seen, result);
  }
  result.errorBag.sort((a, b) => a.row - b.row);
  if (result.newContacts.length) {
    ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "ContactListItem"), {
      action: "reload",
      contactListId: listId,
    });
    await publishListCount(ctx, listId);
    ctx.checkNumbers();
  }
  return result;
}

/**
 * Which of these numbers the list holds. `number <> ''` lets SQLite use the partial unique
 * index (list, number) instead of walking the list (exported for the query-plan test).
 */
export const takenSelect = (t: Tenant, listId: number, numbers: string[]) =>
  t.db.select({ number: contactListItems.number }).from(contactListItems).where(and(
    eq(contactListItems.contactListId, listId),
    ne(contactListItems.number, ""),
    inArray(contactListItems.number, numbers),
  ));

async function insertChunk(
  ctx: ListCtx,
  listId: number,
  chunk: Valid[],
  seen: Set<string>,
  result: ImportResult,
) {
  const db = ctx.tenant.db;
  const taken = new Set(
    (await takenSelect(ctx.tenant, listId, chunk.map((v) => v.values.number))).map((c) => c.number),
  );
  const fresh: Valid[] = [];
  for (const v of chunk) {
    if (taken.has(v.values.number) || seen.has(v.values.number)) {
      result.errorBag.push(duplicate(v.row, v.values.name));
    } else {
      seen.add(v.values.number);
      fresh.push(v);
    }
  }
  if (!fresh.length) return;
  const inserted = await db.insert(contactListItems)
    .values(fresh.map((v) => ({ ...v.values, contactListId: listId }))).onConflictDoNothing()
    .returning({
      id: contactListItems.id,
      number: contactListItems.number,
      name: contactListItems.name,
    });
  const byNumber = new Map(inserted.map((c) => [c.number, c]));
  for (const v of fresh) {
    const c = byNumber.get(v.values.number);
    // Added by someone else between the look-up and the insert.
    if (!c) result.errorBag.push(duplicate(v.row, v.values.name));
    else {
      result.newContacts.push({ contactId: c.id, contactName: c.name });
      if (v.completed) result.completedNumbers++;
    }
  }
}
