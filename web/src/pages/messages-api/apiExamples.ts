/** The Messages API page's pure parts: curl examples, the answer sample, the test form rules. */
import { SEND_API_PATH } from "../../api/whatsapps.ts";
import { collect, type Issues } from "../../lib/validation.ts";

export const SEND_RATE_LIMIT_PER_MINUTE = 60;

/** The error codes of POST /api/messages/send with their HTTP status (docs/api.md). */
export const SEND_API_ERRORS: readonly { status: number; code: string }[] = [
  { status: 400, code: "ERR_VALIDATION" },
  { status: 400, code: "ERR_WAPP_INVALID_CONTACT" },
  { status: 401, code: "ERR_INVALID_API_TOKEN" },
  { status: 403, code: "ERR_PLAN_FEATURE_DISABLED" },
  { status: 409, code: "ERR_WAPP_NOT_INITIALIZED" },
  { status: 413, code: "ERR_FILE_TOO_LARGE" },
  { status: 415, code: "ERR_FILE_TYPE" },
  { status: 429, code: "ERR_RATE_LIMITED" },
  { status: 500, code: "ERR_SENDING_WAPP_MSG" },
];

export function sendUrl(origin: string): string {
  return `${origin.replace(/\/+$/, "")}${SEND_API_PATH}`;
}

/** Quote for a POSIX shell: '…' with embedded quotes escaped. */
export function shellQuote(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

export function curlJson(origin: string, token: string, number: string, body: string): string {
  const json = JSON.stringify({ number, body });
  return [
    `curl -X POST ${shellQuote(sendUrl(origin))} \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${token}`)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d ${shellQuote(json)}`,
  ].join("\n");
}

export function curlMultipart(
  origin: string,
  token: string,
  number: string,
  body: string,
  filePath: string,
): string {
  return [
    `curl -X POST ${shellQuote(sendUrl(origin))} \\`,
    `  -H ${shellQuote(`Authorization: Bearer ${token}`)} \\`,
    `  -F ${shellQuote(`number=${number}`)} \\`,
    `  -F ${shellQuote(`body=${body}`)} \\`,
    `  -F ${shellQuote(`medias=@${filePath}`)}`,
  ].join("\n");
}

export const ANSWER_SAMPLE = JSON.stringify(
  { mensagem: "Mensagem enviada", messageIds: [123], ticketId: 45, contactId: 67 },
  null,
  2,
);

export type ApiTestField = "token" | "number" | "body";

export interface ApiTestValues {
  token: string;
  number: string;
  body: string;
  file: File | null;
}

/** Token and number are required; body is required unless a file goes. */
export function validateApiTest(values: ApiTestValues): Issues<ApiTestField> {
  const digits = values.number.replace(/\D/g, "");
  return collect<ApiTestField>({
    token: values.token.trim() ? null : { key: "validation.required" },
    number: !digits
      ? { key: "validation.required" }
      : /^\d{8,15}$/.test(digits)
      ? null
      : { key: "validation.invalidPhone" },
    body: values.body.trim() || values.file ? null : { key: "validation.required" },
  });
}
