// A company's secrets at rest (AI keys, integration credentials): AES-256-GCM under the
// installation's key (auth/secrets.ts: SECRETS_KEY, else made once into DATA_DIR/secrets.json).
// A company's database file holds no usable key: a copy of it (a backup, a move to another
// host) is readable only where the key goes too. Each value is bound to its company and its
// field (the additional data), so a sealed value pasted into another company's row or into
// another field does not open.
import { AppError } from "../http/errors.ts";

const VERSION = "v1";
const IV_BYTES = 12;

/** Which secret a sealed value is: its company and its field ("prompt.apiKey"). */
export interface SecretPlace {
  companyId: number;
  field: string;
}

const additional = (p: SecretPlace) => new TextEncoder().encode(`${p.companyId}:${p.field}`);

export class SecretBox {
  readonly #key: Promise<CryptoKey>;

  /** `key`: 32 bytes, base64. */
  constructor(key: string) {
    const raw = Uint8Array.fromBase64(key);
    if (raw.byteLength !== 32) throw new Error("the secrets key must be 32 bytes, base64");
    this.#key = crypto.subtle.importKey("raw", raw, "AES-GCM", false, ["encrypt", "decrypt"]);
  }

  /** "v1.<iv>.<ciphertext>" (base64url): what the database keeps. */
  async seal(place: SecretPlace, plain: string): Promise<string> {
    const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
    const sealed = await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: additional(place) },
      await this.#key,
      new TextEncoder().encode(plain),
    );
    const b64 = (b: Uint8Array) => b.toBase64({ alphabet: "base64url", omitPadding: true });
    return `${VERSION}.${b64(iv)}.${b64(new Uint8Array(sealed))}`;
  }

  /**
   * The secret, or ERR_SECRET_UNREADABLE: sealed under another key (the installation's key
   * was lost or changed), for another place, or damaged. The secret must be typed again.
   */
  async open(place: SecretPlace, sealed: string): Promise<string> {
    const [version, iv, data] = sealed.split(".");
    try {
      if (version !== VERSION || !iv || !data) throw new Error("not a sealed value");
      const fromB64 = (s: string) => Uint8Array.fromBase64(s, { alphabet: "base64url" });
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: fromB64(iv), additionalData: additional(place) },
        await this.#key,
        fromB64(data),
      );
      return new TextDecoder().decode(plain);
    } catch {
      throw new AppError(
        "ERR_SECRET_UNREADABLE",
        409,
        `the stored ${place.field} cannot be read with this server's key; type it again`,
        { field: place.field },
      );
    }
  }
}

/** What answers show of a secret: that it is set, and its last four characters when they leave most of it unsaid. */
export function maskSecret(secret: string): string {
  if (!secret) return "";
  return secret.length >= 16 ? `••••••••${secret.slice(-4)}` : "••••••••";
}
