// The headers that carry a page's figures when a list is answered as a bare array (the
// spec's shape, e.g. GET /invoices/all), for the server and the web alike. Imported by
// relative path from both sides, so this file imports nothing.
export const PAGING_HEADERS = { count: "x-total-count", hasMore: "x-has-more" } as const;
