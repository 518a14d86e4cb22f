// Boot: the connections of every company start again, WhatsApp logins spread out.
import assert from "node:assert/strict";
import { ADMIN, sandboxConnection, startTestServer, waitFor } from "../testing.ts";
import { recordingFactory } from "./baileys/fixtures/fake_socket.ts";
import { silentLogger } from "./baileys/logger.ts";

Deno.test("sessions: at boot WhatsApp logins are staggered with jitter (the sandbox starts at once); a shutdown cuts the waits short", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "inbox-boot-" });
  try {
    const first = recordingFactory();
    const s = await startTestServer({ dataDir, baileys: { socketFactory: first.socketFactory, logger: silentLogger } });
    const { token } = await s.login(ADMIN.email, ADMIN.password);
    for (const name of ["Loja 1", "Loja 2", "Loja 3"]) {
      assert.equal((await s.call("/whatsapp", { token, body: { name, provider: "baileys" } })).status, 201);
    }
    await sandboxConnection(s, token);
    await waitFor(() => first.sockets.length === 3, 3000, "three sockets");
    await s.stop();

    const { sockets, socketFactory } = recordingFactory();
    const waits: { ms: number; done: () => void }[] = [];
    const again = await startTestServer({
      dataDir,
      baileys: { socketFactory, logger: silentLogger },
      sessions: {
        random: () => 0.5,
        bootGapMs: 1_000,
        bootJitterMs: 2_000,
        sleep: (ms, signal) =>
          new Promise<void>((done) => {
            waits.push({ ms, done });
            signal.addEventListener("abort", () => done(), { once: true });
          }),
      },
    });
    try {
      const { token } = await again.login(ADMIN.email, ADMIN.password);
      const list = (await again.call("/whatsapp", { token })).body as { provider: string; status: string }[];
      assert.equal(list.find((w) => w.provider === "sandbox")?.status, "CONNECTED", "the sandbox did not wait");
      assert.equal(sockets.length, 1, "one WhatsApp login at once");
      await waitFor(() => waits.length === 1, 3000, "a wait");
      assert.equal(waits[0].ms, 2_000, "the gap and half the jitter");
      waits[0].done();
      await waitFor(() => sockets.length === 2, 3000, "the second login");
      await waitFor(() => waits.length === 2, 3000, "the next wait");
      assert.equal(sockets.length, 2, "the third waits its turn");
    } finally {
      // The third login never happens: the shutdown does not wait out its gap.
      await again.stop();
    }
    assert.equal(sockets.length, 2);
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
