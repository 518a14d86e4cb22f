import assert from "node:assert/strict";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import {
  companyEvent,
  companyRoom,
  queueRoom,
  sandboxChannel,
  ticketRoom,
  userRoom,
} from "../../contracts/realtime.ts";
import { mayJoin, type Subscriber } from "./hub.ts";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

async function* sources(dir: string): AsyncGenerator<{ path: string; text: string }> {
  for await (const e of Deno.readDir(dir)) {
    const path = `${dir}/${e.name}`.replace(/\/+/g, "/");
    if (e.isDirectory && e.name !== "dist" && e.name !== "fixtures") yield* sources(path);
    else if (e.isFile && /\.tsx?$/.test(e.name) && !/_test\.tsx?$/.test(e.name)) {
      yield { path, text: await Deno.readTextFile(path) };
    }
  }
}

Deno.test("realtime names are built only by contracts/realtime.ts, on the server and the web", async () => {
  const literals: string[] = [];
  for (const dir of ["server", "web/src"]) {
    for await (const { path, text } of sources(`${ROOT}/${dir}`)) {
      text.split("\n").forEach((line, i) => {
        if (/`(company|queue|user)-\$\{/.test(line)) literals.push(`${relative(ROOT, path)}:${i + 1}`);
      });
    }
  }
  assert.deepEqual(literals, [], `use the builders of contracts/realtime.ts at: ${literals.join(", ")}`);
});

Deno.test("the builders give the spec's names, and the Hub lets the company's own clients join them", () => {
  assert.equal(companyEvent(7, "whatsappSession"), "company-7-whatsappSession");
  assert.equal(companyRoom(7, "notification"), "company-7-notification");
  assert.equal(queueRoom(null, "pending"), "queue-null-pending");
  assert.equal(queueRoom(3, "open"), "queue-3-open");
  assert.equal(sandboxChannel(7, 2), "company-7-sandbox-2");
  const sub: Subscriber = { companyId: 7, userId: 5, send() {}, close() {} };
  const rooms = [companyRoom(7, "open"), queueRoom(3, "notification"), userRoom(5), ticketRoom(42), sandboxChannel(7, 2)];
  assert.deepEqual(rooms.filter((r) => !mayJoin(sub, r)), []);
  assert.equal(mayJoin(sub, companyRoom(8, "open")), false);
  assert.equal(mayJoin(sub, userRoom(6)), false);
});
