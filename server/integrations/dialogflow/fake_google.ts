// For tests: a Google-like token endpoint and a Dialogflow-like detectIntent endpoint on
// 127.0.0.1, and service accounts with key pairs made here (no key is committed). The token
// endpoint verifies each assertion's RS256 signature with the account's public key.

export interface TestAccount {
  /** The JSON key as Google gives it (client_email, private_key PEM, token_uri, ...). */
  json: string;
  clientEmail: string;
  privateKeyPem: string;
}

export interface DetectCall {
  project: string;
  session: string;
  text: string;
  languageCode: string;
}

export interface FakeGoogle {
  tokenUri: string;
  apiUrl: string;
  /** A new account the token endpoint knows. */
  account(name?: string): Promise<TestAccount>;
  tokensIssued: () => number;
  detectCalls: DetectCall[];
  close(): Promise<void>;
}

const pem = (der: ArrayBuffer) =>
  `-----BEGIN PRIVATE KEY-----\n${
    new Uint8Array(der).toBase64().replace(/(.{64})/g, "$1\n")
  }\n-----END PRIVATE KEY-----\n`;

const fromB64url = (s: string) => Uint8Array.fromBase64(s, { alphabet: "base64url" });

/**
 * The agent's answers: "tchau" ends the conversation; project "forbidden" is refused (403);
 * anything else is greeted back in two messages.
 */
export function startFakeGoogle(): FakeGoogle {
  const publicKeys = new Map<string, CryptoKey>();
  const issued = new Set<string>();
  const detectCalls: DetectCall[] = [];
  let tokenUri = "";

  const verify = async (assertion: string): Promise<boolean> => {
    const [head, claims, signature] = assertion.split(".");
    if (!head || !claims || !signature) return false;
    const c = JSON.parse(new TextDecoder().decode(fromB64url(claims)));
    const key = publicKeys.get(c.iss);
    if (!key || c.aud !== tokenUri || typeof c.exp !== "number" || c.exp <= c.iat) return false;
    return await crypto.subtle.verify(
      "RSASSA-PKCS1-v1_5",
      key,
      fromB64url(signature),
      new TextEncoder().encode(`${head}.${claims}`),
    );
  };

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const url = new URL(req.url);
    if (req.method === "POST" && url.pathname === "/token") {
      const form = new URLSearchParams(await req.text());
      if (
        form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:jwt-bearer" ||
        !(await verify(form.get("assertion") ?? ""))
      ) {
        return Response.json({
          error: "invalid_grant",
          error_description: "Invalid JWT Signature.",
        }, { status: 400 });
      }
      const token = `tok-${crypto.randomUUID()}`;
      issued.add(token);
      return Response.json({ access_token: token, expires_in: 3599, token_type: "Bearer" });
    }
    const m = url.pathname.match(
      /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/]+):detectIntent$/,
    );
    if (req.method === "POST" && m) {
      const bearer = req.headers.get("authorization")?.replace(/^Bearer /, "") ?? "";
      if (!issued.has(bearer)) {
        return Response.json({
          error: {
            code: 401,
            message: "Request had invalid authentication credentials.",
            status: "UNAUTHENTICATED",
          },
        }, { status: 401 });
      }
      const project = decodeURIComponent(m[1]);
      const body = await req.json();
      const call = {
        project,
        session: decodeURIComponent(m[2]),
        text: body.queryInput.text.text,
        languageCode: body.queryInput.text.languageCode,
      };
      detectCalls.push(call);
      if (project === "forbidden") {
        return Response.json({
          error: {
            code: 403,
            message: "Dialogflow API has not been used in project forbidden.",
            status: "PERMISSION_DENIED",
          },
        }, { status: 403 });
      }
      const bye = call.text.trim().toLowerCase() === "tchau";
      return Response.json({
        responseId: crypto.randomUUID(),
        queryResult: {
          queryText: call.text,
          languageCode: call.languageCode,
          fulfillmentText: bye ? "Até logo!" : `Olá! Você disse: ${call.text}`,
          fulfillmentMessages: bye
            ? [{ text: { text: ["Até logo!"] } }]
            : [{ text: { text: [`Olá! Você disse: ${call.text}`] } }, {
              text: { text: ["Como posso ajudar?"] },
            }],
          intent: {
            name: `projects/${project}/agent/intents/1`,
            displayName: bye ? "Despedida" : "Saudação",
            ...(bye ? { endInteraction: true } : {}),
          },
          ...(bye ? { diagnosticInfo: { end_conversation: true } } : {}),
        },
      });
    }
    return new Response("not found", { status: 404 });
  });
  const base = `http://127.0.0.1:${server.addr.port}`;
  tokenUri = `${base}/token`;

  return {
    tokenUri,
    apiUrl: base,
    async account(name = "agent") {
      const pair = await crypto.subtle.generateKey(
        {
          name: "RSASSA-PKCS1-v1_5",
          modulusLength: 2048,
          publicExponent: new Uint8Array([1, 0, 1]),
          hash: "SHA-256",
        },
        true,
        ["sign", "verify"],
      );
      const clientEmail = `${name}-${
        crypto.randomUUID().slice(0, 8)
      }@test-project.iam.gserviceaccount.com`;
      publicKeys.set(clientEmail, pair.publicKey);
      const privateKeyPem = pem(await crypto.subtle.exportKey("pkcs8", pair.privateKey));
      const json = JSON.stringify({
        type: "service_account",
        project_id: "test-project",
        private_key_id: crypto.randomUUID().replaceAll("-", ""),
        private_key: privateKeyPem,
        client_email: clientEmail,
        token_uri: tokenUri,
      });
      return { json, clientEmail, privateKeyPem };
    },
    tokensIssued: () => issued.size,
    detectCalls,
    close: () => server.shutdown(),
  };
}
