// The desk when the server drops its socket for falling behind (close 4002): a customer
// writes while the browser is away; after the reconnect the browser is back in its rooms
// and the waiting list shows the ticket it never got an event for.
import assert from "node:assert/strict";
import type { WebSocketRoute } from "playwright-core";
import { launchBrowser, newPage, signIn } from "./browser.ts";
import { ADMIN, call, colleagueToken, logIn, startServer } from "./server.ts";

/** The rooms a socket is in after the join and leave frames the page sent on it. */
function rooms(sent: string[]): string[] {
  const held = new Set<string>();
  for (const raw of sent) {
    const frame = JSON.parse(raw);
    if (frame.type === "join") held.add(frame.room);
    if (frame.type === "leave") held.delete(frame.room);
  }
  return [...held].sort();
}


Deno.test("realtime: a desk dropped for lagging reconnects, rejoins its rooms and reads the lists again", async () => {
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const base = server.baseUrl;
    // The admin's browser sign-in ends his other sessions: the customers write through a colleague.
    const ops = await colleagueToken(base, await logIn(base, ADMIN));
    const w = await call(base, "/whatsapp", ops, { name: "Loja", provider: "sandbox" });

    const desk = await newPage(browser);
    // The page's sockets pass through the test, which can drop them as the server does.
    const sockets: { page: WebSocketRoute; server: WebSocketRoute; sent: string[] }[] = [];
    await desk.routeWebSocket(/\/ws\?/, (page) => {
      const server = page.connectToServer();
      const socket = { page, server, sent: [] as string[] };
      sockets.push(socket);
      page.onMessage((m) => {
        socket.sent.push(String(m));
        server.send(m);
      });
      server.onMessage((m) => page.send(m));
    });
    await signIn(desk, base, ADMIN.email, ADMIN.password);
    await desk.getByRole("tab", { name: /Aguardando/ }).click();
    await call(base, `/sandbox/${w.id}/inbound`, ops, {
      number: "5511987650001",
      name: "Ana Primeira",
      body: "Oi",
    });
    await desk.getByTestId("ticket-item").filter({ hasText: "Ana Primeira" }).waitFor();
    const joined = rooms(sockets[0].sent);
    assert.ok(joined.includes("company-1-pending"), joined.join());

    await sockets[0].server.close({ code: 4002, reason: "lagging: send buffer full" });
    await sockets[0].page.close({ code: 4002, reason: "lagging: send buffer full" });
    // Written while the browser has no socket: no event reaches it.
    await call(base, `/sandbox/${w.id}/inbound`, ops, {
      number: "5511987650002",
      name: "Bia Segunda",
      body: "Olá",
    });
    await desk.getByTestId("ticket-item").filter({ hasText: "Bia Segunda" }).waitFor();
    // The route handler that records the new socket may run after the list is read again.
    for (let i = 0; i < 50 && sockets.length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(sockets.length, 2, "one reconnect");
    // Its join frames follow the list's re-read, which a loaded machine may answer first.
    for (let i = 0; i < 50 && rooms(sockets[1].sent).length < joined.length; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(rooms(sockets[1].sent), joined);

    // And it is live again.
    await call(base, `/sandbox/${w.id}/inbound`, ops, {
      number: "5511987650003",
      name: "Caio Terceiro",
      body: "Bom dia",
    });
    await desk.getByTestId("ticket-item").filter({ hasText: "Caio Terceiro" }).waitFor();
  } finally {
    await browser.close();
    await server.stop();
  }
});
