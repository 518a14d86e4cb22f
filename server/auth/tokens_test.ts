import assert from "node:assert/strict";
import { sign } from "hono/jwt";
import { TokenService, VERIFIED_CACHE } from "./tokens.ts";

const secrets = { access: "a".repeat(40), refresh: "r".repeat(40) };
const claims = { sub: 7, cid: 1, tv: 3, sid: "s1" };

Deno.test("tokens: a token verified once is answered from memory, a changed one is still refused", async () => {
  const tokens = new TokenService(secrets);
  const token = await tokens.access(claims);
  assert.deepEqual(await tokens.verifyAccess(token), claims);
  assert.deepEqual(await tokens.verifyAccess(token), claims);
  assert.equal(tokens.remembered, 1);
  const [head, body, signature] = token.split(".");
  const forged = `${head}.${body}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
  assert.equal(await tokens.verifyAccess(forged), null);
  const other = await sign({ ...claims, sub: 8, typ: "a", exp: Math.floor(Date.now() / 1000) + 60 }, "another secret", "HS256");
  assert.equal(await tokens.verifyAccess(other), null);
});

Deno.test("tokens: a remembered token is refused once it expires", async () => {
  const tokens = new TokenService(secrets);
  const token = await sign({ ...claims, typ: "a", exp: Math.floor(Date.now() / 1000) + 1 }, secrets.access, "HS256");
  assert.deepEqual(await tokens.verifyAccess(token), claims);
  await new Promise((r) => setTimeout(r, 2_100));
  assert.equal(await tokens.verifyAccess(token), null);
  assert.equal(tokens.remembered, 0);
});

Deno.test("tokens: the memory of verified tokens is bounded", async () => {
  const tokens = new TokenService(secrets);
  for (let i = 0; i < VERIFIED_CACHE + 50; i++) await tokens.verifyAccess(await tokens.access({ ...claims, sid: `s${i}` }));
  assert.equal(tokens.remembered, VERIFIED_CACHE);
});
