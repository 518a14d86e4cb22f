// The one paging helper: pageNumber (1-based) -> limit/offset, and hasMore from one extra row.
import type { Context } from "hono";
import { z } from "zod";
import { PAGING_HEADERS } from "../../contracts/paging.ts";

/** A page answered as a bare array (the spec's shape) carries its figures in headers. */
export function pagingHeaders(c: Context, page: { count: number; hasMore: boolean }) {
  c.header(PAGING_HEADERS.count, String(page.count));
  c.header(PAGING_HEADERS.hasMore, String(page.hasMore));
}

export const pageQuery = z.object({
  searchParam: z.string().max(100).optional().default(""),
  pageNumber: z.coerce.number().int().min(1).max(100000).optional().default(1),
});

export function pageWindow(pageNumber: number, pageSize: number) {
  return { limit: pageSize + 1, offset: (pageNumber - 1) * pageSize };
}

export function pageOf<T>(rows: T[], pageSize: number) {
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

const likeEscaped = (text: string) => text.trim().toLowerCase().replace(/[\\%_]/g, (m) => "\\" + m);

/** LIKE pattern for a user's search text, with LIKE's wildcards escaped (use ESCAPE '\'). */
export function likePattern(text: string) {
  return `%${likeEscaped(text)}%`;
}

/** LIKE pattern for text that starts with the user's text (can use an index; ESCAPE '\'). */
export function likePrefix(text: string) {
  return `${likeEscaped(text)}%`;
}
