// Baileys' AuthenticationState over our KeyStore (the tenant database).
// creds: one row, type "creds" id "creds". Signal keys: type = Baileys' key category.
// Values are JSON through BufferJSON so Buffers survive the text column.
import {
  type AuthenticationCreds,
  type AuthenticationState,
  BufferJSON,
  type CacheStore,
  initAuthCreds,
  makeCacheableSignalKeyStore,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
  type SignalKeyStore,
} from "@whiskeysockets/baileys";
import type { KeyStore } from "../channel.ts";
import type { ILogger } from "./logger.ts";
import { boundedCache } from "./cache.ts";

export const CREDS_TYPE = "creds";
export const CREDS_ID = "creds";

export interface KeyStoreAuth {
  state: AuthenticationState;
  /** Persist the creds as they are now (Baileys mutates state.creds in place). */
  saveCreds(): Promise<void>;
  /** Resolves once every key write started so far has landed (before the database closes). */
  drain(): Promise<void>;
}

/** The store with its writes in flight counted, so a shutdown can wait for them. */
function trackWrites(store: KeyStore): { store: KeyStore; drain(): Promise<void> } {
  const pending = new Set<Promise<void>>();
  return {
    store: {
      get: (type, ids) => store.get(type, ids),
      set: (entries) => {
        const write = store.set(entries);
        pending.add(write);
        write.then(() => pending.delete(write), () => pending.delete(write));
        return write;
      },
      clear: () => store.clear(),
    },
    async drain() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}

const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const decode = (text: string): unknown => JSON.parse(text, BufferJSON.reviver);

/** The raw signal key store: no cache, one KeyStore call per Baileys call. */
export function signalKeyStore(store: KeyStore): SignalKeyStore {
  return {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const rows = await store.get(type, ids);
      const out: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const [id, text] of Object.entries(rows)) {
        let value = decode(text);
        // Baileys calls methods of the protobuf class on these, not just fields.
        if (type === "app-state-sync-key" && value) {
          value = proto.Message.AppStateSyncKeyData.fromObject(value as Record<string, unknown>);
        }
        out[id] = value as SignalDataTypeMap[T];
      }
      return out;
    },
    async set(data: SignalDataSet) {
      const entries: { type: string; id: string; value: string | null }[] = [];
      for (const [type, byId] of Object.entries(data)) {
        for (const [id, value] of Object.entries(byId ?? {})) {
          entries.push({ type, id, value: value == null ? null : encode(value) });
        }
      }
      // One Baileys write (already a whole signal transaction) = one database transaction.
      if (entries.length) await store.set(entries);
    },
  };
}

export async function loadCreds(store: KeyStore): Promise<AuthenticationCreds | null> {
  const text = (await store.get(CREDS_TYPE, [CREDS_ID]))[CREDS_ID];
  return text ? decode(text) as AuthenticationCreds : null;
}

/**
 * Reads the creds (or makes new ones for a first link) and wraps the signal keys with
 * Baileys' cache, which serialises writes and serves hot sessions from memory.
 */
export async function keyStoreAuthState(
  store: KeyStore,
  opts: { logger?: ILogger; cache?: CacheStore } = {},
): Promise<KeyStoreAuth> {
  const creds = await loadCreds(store) ?? initAuthCreds();
  const writes = trackWrites(store);
  const keys = makeCacheableSignalKeyStore(
    signalKeyStore(writes.store),
    opts.logger,
    opts.cache ?? boundedCache(),
  );
  return {
    state: { creds, keys },
    saveCreds: () => writes.store.set([{ type: CREDS_TYPE, id: CREDS_ID, value: encode(creds) }]),
    drain: writes.drain,
  };
}
