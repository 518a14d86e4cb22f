// The Messages API page's pure parts (run with `deno test web/src`).
import assert from "node:assert/strict";
import { curlJson, curlMultipart, sendUrl, shellQuote, validateApiTest } from "./apiExamples.ts";

Deno.test("send URL and curl samples use the real origin", () => {
  assert.equal(
    sendUrl("https://inbox.example.com/"),
    "https://inbox.example.com/api/messages/send",
  );
  const json = curlJson("http://localhost:8080", "TOKEN", "5511999999999", "It's here");
  assert.match(json, /curl -X POST 'http:\/\/localhost:8080\/api\/messages\/send'/);
  assert.match(json, /-H 'Authorization: Bearer TOKEN'/);
  assert.match(json, /-H 'Content-Type: application\/json'/);
  assert.ok(json.includes(`-d '{"number":"5511999999999","body":"It'\\''s here"}'`));
  const multipart = curlMultipart("http://h", "T", "55119", "Caption", "/tmp/a.pdf");
  assert.match(multipart, /-F 'medias=@\/tmp\/a.pdf'/);
  assert.doesNotMatch(multipart, /Content-Type/);
  assert.equal(shellQuote("a'b"), `'a'\\''b'`);
});

Deno.test("test form: token and number required; body unless a file goes", () => {
  const empty = { token: "", number: "", body: "", file: null };
  const issues = validateApiTest(empty);
  assert.equal(issues.token?.key, "validation.required");
  assert.equal(issues.number?.key, "validation.required");
  assert.equal(issues.body?.key, "validation.required");
  assert.equal(validateApiTest({ ...empty, number: "123" }).number?.key, "validation.invalidPhone");
  const file = new File(["x"], "a.txt");
  assert.deepEqual(validateApiTest({ token: "t", number: "5511999999999", body: "", file }), {});
  assert.deepEqual(
    validateApiTest({ token: "t", number: "5511999999999", body: "Hi", file: null }),
    {},
  );
});
