// Which WhatsApp Web version our sockets announce. WhatsApp retires old versions and then
// refuses new links with 405 before any QR appears; the version bundled with a Baileys
// release ages with it. Order: the configured one (WA_VERSION), else the current one
// asked from web.whatsapp.com (once per process, short timeout), else Baileys' bundled one.
import { fetchLatestWaWebVersion, type WAVersion } from "@whiskeysockets/baileys";

export type { WAVersion };

/** Asks WhatsApp for the current version; isLatest false means it could not tell. */
export type LatestVersionFetcher = (
  signal: AbortSignal,
) => Promise<{ version: WAVersion; isLatest: boolean }>;

export const fetchLatestVersion: LatestVersionFetcher = (signal) =>
  fetchLatestWaWebVersion({ signal });

export const DEFAULT_VERSION_TIMEOUT_MS = 5_000;
/** After a failed fetch, sockets use the bundled version and ask again only after this. */
const RETRY_AFTER_MS = 10 * 60_000;

export interface VersionOptions {
  /** A fixed version (configuration); nothing is fetched. */
  configured?: WAVersion;
  /** null: never fetch (use the bundled version). Default: web.whatsapp.com. */
  fetchLatest?: LatestVersionFetcher | null;
  timeoutMs?: number;
  now?: () => number;
}

export class VersionSource {
  readonly #configured?: WAVersion;
  readonly #fetch: LatestVersionFetcher | null;
  readonly #timeoutMs: number;
  readonly #now: () => number;
  #latest?: WAVersion;
  #failedAt = -Infinity;
  #inFlight: Promise<WAVersion | undefined> | null = null;

  constructor(opts: VersionOptions = {}) {
    this.#configured = opts.configured;
    this.#fetch = opts.fetchLatest === undefined ? fetchLatestVersion : opts.fetchLatest;
    this.#timeoutMs = opts.timeoutMs ?? DEFAULT_VERSION_TIMEOUT_MS;
    this.#now = opts.now ?? Date.now;
  }

  /** The version for a new socket; undefined means Baileys' bundled one. */
  get(): Promise<WAVersion | undefined> {
    if (this.#configured) return Promise.resolve(this.#configured);
    if (this.#latest) return Promise.resolve(this.#latest);
    if (!this.#fetch || this.#now() - this.#failedAt < RETRY_AFTER_MS) {
      return Promise.resolve(undefined);
    }
    // Many connections start together at boot: one request serves them all.
    this.#inFlight ??= this.#ask(this.#fetch).finally(() => this.#inFlight = null);
    return this.#inFlight;
  }

  /** WhatsApp refused the version in use (405): the next socket asks again. */
  refused() {
    this.#latest = undefined;
    this.#failedAt = -Infinity;
  }

  async #ask(fetchLatest: LatestVersionFetcher): Promise<WAVersion | undefined> {
    const ac = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        ac.abort();
        reject(new Error("timed out"));
      }, this.#timeoutMs);
    });
    try {
      const found = await Promise.race([fetchLatest(ac.signal), timeout]);
      if (!found.isLatest) throw new Error("no version in the answer");
      this.#latest = found.version;
      return found.version;
    } catch {
      this.#failedAt = this.#now();
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}
