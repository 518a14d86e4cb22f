// Contact lists and their items: the audiences of campaigns (seed 002 sections 3, 5, 7).
// Lists are paged by name with their item counts; items are paged within one list. Every
// read is one indexed query, so a list of 100,000 numbers costs a page, not a table.
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { z } from "zod";
import type { Tenant } from "../../tenancy/registry.ts";
import type { Hub } from "../../realtime/hub.ts";
import { AppError, notFound } from "../../http/errors.ts";
import { likePattern, pageOf, pageQuery, pageWindow } from "../../http/paging.ts";
import { writeUnique } from "../../http/conflicts.ts";
import { contactListItems, contactLists } from "../../../db/tenant/campaigns.ts";
import { companyEvent } from "../../../contracts/realtime.ts";
import { recordId } from "../../http/validate.ts";
import { getSetting } from "../settings/service.ts";
import { withCountryCode } from "./numbers.ts";

export interface ListCtx {
  tenant: Tenant;
  hub: Hub;
  /** Asks for the WhatsApp check of the company's unchecked numbers (background, paced). */
  checkNumbers: () => void;
}

const PAGE_SIZE = 20;
const nowIso = () => new Date().toISOString();

export const listInput = z.object({ name: z.string().trim().min(2).max(50) });
export const listPageQuery = pageQuery;

const digitCount = (s: string) => s.replace(/\D/g, "").length;
export const itemFields = {
  name: z.string().trim().min(2).max(50),
  // Optional (seed 002 section 5): "" or null is "no number"; one given has 8 to 50 digits.
  // Kept as typed until the service completes it: a leading "+" means "as written" (numbers.ts).
  number: z.preprocess(
    (v) => v ?? "",
    z.string().max(100).refine(
      (s) => digitCount(s) === 0 || (digitCount(s) >= 8 && digitCount(s) <= 50),
      {
        message: "8 to 50 digits",
      },
    ),
  ),
  email: z.preprocess((v) => v ?? "", z.union([z.email(), z.literal("")])),
};
export const itemInput = z.object({
  ...itemFields,
  contactListId: recordId,
});
export const itemUpdate = z.object(itemFields).partial();
export const itemPageQuery = pageQuery.extend({
  contactListId: recordId,
});

type ListRow = typeof contactLists.$inferSelect;
export type ItemRow = typeof contactListItems.$inferSelect;

// Counted on the (list, name) index; written out because drizzle leaves an outer column unqualified.
const itemCount = sql<
  number
>`(SELECT count(*) FROM contact_list_items i WHERE i.contact_list_id = "contact_lists"."id")`;
const listShape = {
  id: contactLists.id,
  name: contactLists.name,
  createdAt: contactLists.createdAt,
  updatedAt: contactLists.updatedAt,
  contactsCount: itemCount,
};

const listWhere = (term: string) =>
  term ? sql`lower(${contactLists.name}) LIKE ${likePattern(term)} ESCAPE '\\'` : undefined;

/** A page of lists by name with their counts (exported for the query-plan test). */
export const listPageSelect = (t: Tenant, term: string) =>
  t.db.select(listShape).from(contactLists).where(listWhere(term)).orderBy(
    asc(contactLists.name),
    asc(contactLists.id),
  );

export async function pageLists(ctx: ListCtx, q: z.infer<typeof listPageQuery>) {
  const term = q.searchParam.trim();
  const { limit, offset } = pageWindow(q.pageNumber, PAGE_SIZE);
  const rows = await listPageSelect(ctx.tenant, term).limit(limit).offset(offset);
  const [{ n }] = await ctx.tenant.db.select({ n: count() }).from(contactLists).where(
    listWhere(term),
  );
  const page = pageOf(rows, PAGE_SIZE);
  return { records: page.rows, count: n, hasMore: page.hasMore };
}

/** Every list, by name, for pickers (the campaign dialog): id and name only. */
export async function allLists(ctx: ListCtx) {
  return await ctx.tenant.db.select({ id: contactLists.id, name: contactLists.name }).from(
    contactLists,
  )
    .orderBy(asc(contactLists.name), asc(contactLists.id)).limit(5000);
}

export async function getList(ctx: ListCtx, id: number) {
  const [row] = await ctx.tenant.db.select(listShape).from(contactLists).where(
    eq(contactLists.id, id),
  );
  if (!row) throw notFound("ERR_NO_CONTACT_LIST_FOUND");
  return row;
}

export async function createList(ctx: ListCtx, input: z.infer<typeof listInput>) {
  const [row] = await ctx.tenant.db.insert(contactLists).values({ name: input.name }).returning();
  const record = { ...row, contactsCount: 0 };
  publishList(ctx, { action: "create", record });
  return record;
}

export async function updateList(ctx: ListCtx, id: number, input: z.infer<typeof listInput>) {
  const [row] = await ctx.tenant.db.update(contactLists).set({
    name: input.name,
    updatedAt: nowIso(),
  })
    .where(eq(contactLists.id, id)).returning({ id: contactLists.id });
  if (!row) throw notFound("ERR_NO_CONTACT_LIST_FOUND");
  const record = await getList(ctx, id);
  publishList(ctx, { action: "update", record });
  return record;
}

/** The items go with their list (foreign key cascade, one statement). */
export async function deleteList(ctx: ListCtx, id: number) {
  const [row] = await ctx.tenant.db.delete(contactLists).where(eq(contactLists.id, id)).returning({
    id: contactLists.id,
  });
  if (!row) throw notFound("ERR_NO_CONTACT_LIST_FOUND");
  publishList(ctx, { action: "delete", id });
}

/** After a change of the list's items, its count on the lists page. */
export async function publishListCount(ctx: ListCtx, id: number) {
  const record = await getList(ctx, id).catch(() => null);
  if (record) publishList(ctx, { action: "update", record });
}

function itemWhere(listId: number, term: string) {
  const like = likePattern(term);
  return and(
    eq(contactListItems.contactListId, listId),
    term
      ? sql`(lower(${contactListItems.name}) LIKE ${like} ESCAPE '\\' OR ${contactListItems.number} LIKE ${like} ESCAPE '\\' OR lower(${contactListItems.email}) LIKE ${like} ESCAPE '\\')`
      : undefined,
  );
}

/** A page of one list's items by name (exported for the query-plan test). */
export const itemPageSelect = (t: Tenant, listId: number, term: string) =>
  t.db.select().from(contactListItems).where(itemWhere(listId, term))
    .orderBy(asc(contactListItems.name), asc(contactListItems.id));

export async function pageItems(ctx: ListCtx, q: z.infer<typeof itemPageQuery>) {
  await getList(ctx, q.contactListId);
  const term = q.searchParam.trim();
  const { limit, offset } = pageWindow(q.pageNumber, PAGE_SIZE);
  const rows = await itemPageSelect(ctx.tenant, q.contactListId, term).limit(limit).offset(offset);
  const [{ n }] = await ctx.tenant.db.select({ n: count() }).from(contactListItems).where(
    itemWhere(q.contactListId, term),
  );
  const page = pageOf(rows, PAGE_SIZE);
  // Looking at a list is a good moment to finish checks a dropped connection left undone.
  if (page.rows.some((i) => i.isWhatsappValid === null && i.number)) ctx.checkNumbers();
  return { contacts: page.rows, count: n, hasMore: page.hasMore };
}

export async function getItem(ctx: ListCtx, id: number): Promise<ItemRow> {
  const [row] = await ctx.tenant.db.select().from(contactListItems).where(
    eq(contactListItems.id, id),
  );
  if (!row) throw notFound("ERR_NO_CONTACT_LIST_ITEM_FOUND");
  return row;
}

/** A number typed without its country code, completed with the company's (numbers.ts); "" stays "". */
async function completeNumber(ctx: ListCtx, number: string): Promise<string> {
  if (digitCount(number) === 0) return "";
  const done = withCountryCode(number, await getSetting(ctx.tenant.db, "defaultCountryCode"));
  if ("refused" in done) {
    throw new AppError("ERR_LIST_NUMBER_NO_AREA_CODE", 400, undefined, { field: "number" });
  }
  return done.number;
}

export async function createItem(ctx: ListCtx, given: z.infer<typeof itemInput>): Promise<ItemRow> {
  await getList(ctx, given.contactListId);
  const input = { ...given, number: await completeNumber(ctx, given.number) };
  const assertFree = () => assertFreeNumber(ctx, input.contactListId, input.number);
  await assertFree();
  const [row] = await writeUnique(
    () => ctx.tenant.db.insert(contactListItems).values(input).returning(),
    assertFree,
  );
  afterItemChange(ctx, row, "create");
  return row;
}

export async function updateItem(
  ctx: ListCtx,
  id: number,
  given: z.infer<typeof itemUpdate>,
): Promise<ItemRow> {
  const current = await getItem(ctx, id);
  const input = given.number === undefined
    ? given
    : { ...given, number: await completeNumber(ctx, given.number) };
  const renumbered = input.number !== undefined && input.number !== current.number;
  const assertFree = () =>
    renumbered
      ? assertFreeNumber(ctx, current.contactListId, input.number!, id)
      : Promise.resolve();
  await assertFree();
  const [row] = await writeUnique(() =>
    ctx.tenant.db.update(contactListItems)
      // A new number is a new question for WhatsApp.
      .set({
        ...input,
        ...(renumbered ? { isWhatsappValid: null, checkedAt: null } : {}),
        updatedAt: nowIso(),
      })
      .where(eq(contactListItems.id, id)).returning(), assertFree);
  afterItemChange(ctx, row, "update");
  return row;
}

export async function deleteItem(ctx: ListCtx, id: number) {
  const current = await getItem(ctx, id);
  await ctx.tenant.db.delete(contactListItems).where(eq(contactListItems.id, id));
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "ContactListItem"), {
    action: "delete",
    id,
    contactListId: current.contactListId,
  });
  await publishListCount(ctx, current.contactListId);
}

function afterItemChange(ctx: ListCtx, record: ItemRow, action: "create" | "update") {
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "ContactListItem"), {
    action,
    record,
  });
  if (action === "create") void publishListCount(ctx, record.contactListId);
  if (record.isWhatsappValid === null && record.number) ctx.checkNumbers();
}

async function assertFreeNumber(ctx: ListCtx, listId: number, number: string, except?: number) {
  if (!number) return;
  const [clash] = await ctx.tenant.db.select({ id: contactListItems.id }).from(contactListItems)
    .where(and(
      eq(contactListItems.contactListId, listId),
      ne(contactListItems.number, ""),
      eq(contactListItems.number, number),
    ));
  if (clash && clash.id !== except) {
    throw new AppError(
      "ERR_DUPLICATED_CONTACT_LIST_ITEM",
      409,
      "this number is already in the list",
      { field: "number" },
    );
  }
}

function publishList(
  ctx: ListCtx,
  data: { action: "create" | "update"; record: ListRow & { contactsCount: number } } | {
    action: "delete";
    id: number;
  },
) {
  ctx.hub.publish(ctx.tenant.companyId, companyEvent(ctx.tenant.companyId, "ContactList"), data);
}
