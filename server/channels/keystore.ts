// A connection's sign-in state (Baileys creds and signal keys) in the tenant database,
// never in files: the company's database is the whole company.
//
// Every set() lands in ONE batch (one SQLite transaction). Signal sessions and pre-keys
// change together while a message is decrypted or sent; writing them piecemeal lets a
// crash or a concurrent read see half an update, which surfaces as "Bad MAC" errors and
// a session the phone has to re-establish.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { channelKeys } from "../../db/tenant/schema.ts";
import type { TenantDb } from "../tenancy/registry.ts";
import type { KeyStore } from "./channel.ts";

/** Rows per statement: well under SQLite's bound-variable limit (4 columns a row). */
const ROWS_PER_STATEMENT = 200;
/** Ids per IN (...) list, for the same reason. */
const IDS_PER_QUERY = 500;
/** On conflict, keep the value the conflicting insert carried. */
const incomingValue = sql`excluded.value`;

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function dbKeyStore(db: TenantDb, whatsappId: number): KeyStore {
  const ofConnection = eq(channelKeys.whatsappId, whatsappId);

  return {
    async get(type, ids) {
      const out: Record<string, string> = {};
      const unique = [...new Set(ids)];
      // One query for the usual call; only a huge id list is split.
      for (const part of chunks(unique, IDS_PER_QUERY)) {
        const rows = await db
          .select({ keyId: channelKeys.keyId, value: channelKeys.value })
          .from(channelKeys)
          .where(and(ofConnection, eq(channelKeys.type, type), inArray(channelKeys.keyId, part)));
        for (const row of rows) out[row.keyId] = row.value;
      }
      return out;
    },

    async set(entries) {
      // The last write of an id within one call wins, as with sequential writes.
      const latest = new Map<string, { type: string; id: string; value: string | null }>();
      for (const e of entries) latest.set(JSON.stringify([e.type, e.id]), e);
      const upserts: { whatsappId: number; type: string; keyId: string; value: string }[] = [];
      const deletes = new Map<string, string[]>();
      for (const e of latest.values()) {
        if (e.value === null) {
          const ids = deletes.get(e.type) ?? [];
          ids.push(e.id);
          deletes.set(e.type, ids);
        } else {
          upserts.push({ whatsappId, type: e.type, keyId: e.id, value: e.value });
        }
      }

      const statements: BatchItem<"sqlite">[] = [];
      for (const [type, ids] of deletes) {
        for (const part of chunks(ids, IDS_PER_QUERY)) {
          statements.push(
            db.delete(channelKeys).where(
              and(ofConnection, eq(channelKeys.type, type), inArray(channelKeys.keyId, part)),
            ),
          );
        }
      }
      for (const part of chunks(upserts, ROWS_PER_STATEMENT)) {
        statements.push(
          db.insert(channelKeys).values(part).onConflictDoUpdate({
            target: [channelKeys.whatsappId, channelKeys.type, channelKeys.keyId],
            set: { value: incomingValue },
          }),
        );
      }
      if (statements.length === 0) return;
      // drizzle's libSQL batch runs the statements in one transaction.
      await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
    },

    async clear() {
      await db.delete(channelKeys).where(ofConnection);
    },
  };
}
