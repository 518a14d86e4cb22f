// A Google service account's JSON key (what Dialogflow's jsonContent holds) and the
// signed JWT that is exchanged for an access token (RFC 7523, Google's "JWT bearer" grant).
// The private key never leaves this module in a message: every error names the field only.
import { z } from "zod";
import { AppError } from "../../errors/app-error.ts";

export interface ServiceAccount {
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

const accountShape = z.object({
  client_email: z.string().min(3).max(320),
  private_key: z.string().includes("PRIVATE KEY").max(10_000),
  token_uri: z.url({ protocol: /^https?$/ }).default("https://oauth2.googleapis.com/token"),
});

const badCredentials = (why: string) =>
  new AppError("ERR_DIALOGFLOW_CREDENTIALS", 400, `jsonContent: ${why}`, { field: "jsonContent" });

/** The account in a service-account JSON key; ERR_DIALOGFLOW_CREDENTIALS (naming no value) otherwise. */
export function parseServiceAccount(json: string): ServiceAccount {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw badCredentials("not JSON");
  }
  const parsed = accountShape.safeParse(value);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? "")))].join(", ");
    throw badCredentials(`not a service account's key (${fields})`);
  }
  const a = parsed.data;
  return { clientEmail: a.client_email, privateKey: a.private_key, tokenUri: a.token_uri };
}

/** ERR_DIALOGFLOW_CREDENTIALS unless the JSON is a service account whose private key can sign. */
export async function checkServiceAccount(json: string): Promise<void> {
  await signingKey(parseServiceAccount(json).privateKey);
}

async function signingKey(pem: string): Promise<CryptoKey> {
  const body = pem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, "").replace(/\\n/g, "").replace(
    /\s+/g,
    "",
  );
  try {
    return await crypto.subtle.importKey(
      "pkcs8",
      Uint8Array.fromBase64(body),
      { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" },
      false,
      ["sign"],
    );
  } catch {
    throw badCredentials("private_key is not an RSA private key (PKCS #8 PEM)");
  }
}

const b64url = (bytes: Uint8Array) => bytes.toBase64({ alphabet: "base64url", omitPadding: true });
const jsonPart = (v: unknown) => b64url(new TextEncoder().encode(JSON.stringify(v)));

/** An RS256 assertion for the token endpoint, valid for an hour from `nowSeconds`. */
export async function signAssertion(
  account: ServiceAccount,
  scope: string,
  nowSeconds: number,
): Promise<string> {
  const head = jsonPart({ alg: "RS256", typ: "JWT" });
  const claims = jsonPart({
    iss: account.clientEmail,
    scope,
    aud: account.tokenUri,
    iat: nowSeconds,
    exp: nowSeconds + 3600,
  });
  const signed = `${head}.${claims}`;
  const signature = await crypto.subtle.sign(
    "RSASSA-PKCS1-v1_5",
    await signingKey(account.privateKey),
    new TextEncoder().encode(signed),
  );
  return `${signed}.${b64url(new Uint8Array(signature))}`;
}
