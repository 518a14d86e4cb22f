// A port nobody listens on now, for a server a test or a bench starts (the tests and the
// browser journeys share it, so it imports nothing).
export function freePort(): number {
  const l = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = l.addr as Deno.NetAddr;
  l.close();
  return port;
}
