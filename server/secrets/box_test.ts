import assert from "node:assert/strict";
import { join } from "node:path";
import { maskSecret, SecretBox } from "./box.ts";
import { loadSecrets } from "../auth/secrets.ts";
import { loadConfig } from "../config.ts";
import { AppError } from "../http/errors.ts";

const key = () => crypto.getRandomValues(new Uint8Array(32)).toBase64();
const place = { companyId: 7, field: "prompt.apiKey" };

Deno.test("secret box: a sealed value opens only with its key, its company and its field; it shows nothing of the secret", async () => {
  const box = new SecretBox(key());
  const secret = "sk-proj-abcdefghijklmnopqrstuvwxyz0123";
  const sealed = await box.seal(place, secret);
  assert.match(sealed, /^v1\.[\w-]+\.[\w-]+$/);
  assert.equal(sealed.includes("abcdef"), false);
  assert.notEqual(await box.seal(place, secret), sealed, "a fresh nonce each time");
  assert.equal(await box.open(place, sealed), secret);

  const refused = async (p: typeof place, value: string, b = box) => {
    const err = await b.open(p, value).then(() => null, (e) => e);
    assert.ok(err instanceof AppError, String(err));
    assert.deepEqual([err.code, err.status, err.extra], ["ERR_SECRET_UNREADABLE", 409, {
      field: p.field,
    }]);
    assert.equal(err.message.includes(secret), false);
  };
  await refused({ companyId: 8, field: place.field }, sealed);
  await refused({ companyId: 7, field: "integration.jsonContent" }, sealed);
  await refused(place, sealed, new SecretBox(key()));
  await refused(place, `${sealed.slice(0, -2)}AA`);
  await refused(place, "not sealed");

  assert.throws(() => new SecretBox("c2hvcnQ="), /32 bytes/);
  assert.equal(maskSecret(secret), "••••••••0123");
  assert.equal(maskSecret("short"), "••••••••");
  assert.equal(maskSecret(""), "");
});

Deno.test("secrets file: the box key is made once and kept; SECRETS_KEY wins and is never written to disk", async () => {
  const dir = await Deno.makeTempDir({ prefix: "secrets-" });
  try {
    const first = await loadSecrets(loadConfig({ DATA_DIR: dir }));
    const again = await loadSecrets(loadConfig({ DATA_DIR: dir }));
    assert.equal(again.box, first.box);
    assert.equal(Uint8Array.fromBase64(first.box).byteLength, 32);
    const file = join(dir, "secrets.json");
    assert.equal((await Deno.stat(file)).mode! & 0o777, 0o600);

    const fromEnv = key();
    const env = await loadSecrets(loadConfig({ DATA_DIR: dir, SECRETS_KEY: fromEnv }));
    assert.equal(env.box, fromEnv);
    const kept = JSON.parse(await Deno.readTextFile(file));
    assert.equal(kept.box, first.box, "the file keeps the generated key, not the environment's");
    assert.equal(JSON.stringify(kept).includes(fromEnv), false);
    assert.throws(() => loadConfig({ DATA_DIR: dir, SECRETS_KEY: "c2hvcnQ=" }), /SECRETS_KEY/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
