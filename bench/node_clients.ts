// The fan-out benches' sockets run in a Node process of their own (so their work is not the
// server's): started with its settings in the environment, it says "ready" once connected,
// and on "done" prints what it received as one JSON line and exits.

/** CPU seconds a process has used (Linux /proc; undefined elsewhere). */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const fields = Deno.readTextFileSync(`/proc/${pid}/stat`).split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

export interface NodeClients<R> {
  pid: number;
  /** Tells the clients to stop and answers what they received. */
  finish(): Promise<R>;
  /** Ends them at once (a bench that failed). */
  kill(): void;
}

/** Starts `script` with `env` and resolves once its sockets are all connected. */
export async function startNodeClients<R>(script: string, env: Record<string, string>): Promise<NodeClients<R>> {
  const child = new Deno.Command("node", { args: [script], env, stdin: "piped", stdout: "piped", stderr: "inherit" }).spawn();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let out = "";
  while (!out.includes("ready\n")) {
    const { value, done } = await lines.read();
    if (done) throw new Error("the clients' process ended before its sockets were ready");
    out += value;
  }
  return {
    pid: child.pid,
    async finish() {
      const stdin = child.stdin.getWriter();
      await stdin.write(new TextEncoder().encode("done\n"));
      await stdin.close();
      for (;;) {
        const { value, done } = await lines.read();
        if (done) break;
        out += value;
      }
      await child.status;
      return JSON.parse(out.slice(out.indexOf("{"))) as R;
    },
    kill() {
      try {
        child.kill();
      } catch { /* already ended */ }
    },
  };
}
