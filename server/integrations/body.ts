// Reading another service's answer without letting it fill our memory: the body as text or
// bytes, or null once it passes `maxBytes` (the rest is not read).

export async function readCapped(res: Response, maxBytes: number): Promise<string | null> {
  const bytes = await readCappedBytes(res, maxBytes);
  return bytes === null ? null : new TextDecoder().decode(bytes);
}

export async function readCappedBytes(res: Response, maxBytes: number): Promise<Uint8Array | null> {
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return all;
}
