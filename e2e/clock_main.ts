// The server as server/main.ts starts it, with the program's clock (deps.clock) in the
// journey's hands: POST {"days": n} to the control listener on 127.0.0.1:CLOCK_PORT sets
// the clock n days ahead of the wall clock. Only the e2e journeys start this entry.
import { z } from "zod";
import { loadConfig } from "../server/config.ts";
import { startServer } from "../server/server.ts";

const DAY_MS = 86_400_000;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

const running = await startServer(loadConfig(), { clock });
const move = z.object({ days: z.number().finite() });

const control = Deno.serve({
  hostname: "127.0.0.1",
  port: Number(Deno.env.get("CLOCK_PORT")),
  onListen: () => {},
}, async (req) => {
  const parsed = move.safeParse(await req.json().catch(() => null));
  if (req.method !== "POST" || !parsed.success) return new Response("POST {\"days\": n}", { status: 400 });
  offsetMs = parsed.data.days * DAY_MS;
  // What a day's passing would do: the due timers (lapses) and the invoice job look again.
  running.deps.timers.recheck();
  await running.deps.jobs.run("invoices");
  return Response.json({ now: clock().toISOString() });
});

const stop = async () => {
  await control.shutdown();
  await running.close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGTERM", stop);
Deno.addSignalListener("SIGINT", stop);
