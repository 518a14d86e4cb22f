// A WebSocket's place in the hub, for /ws and socket.io alike: each event goes straight onto
// the socket in the transport's own encoding (serialised once by the hub) while the peer keeps
// up; one that falls behind is dropped and closed, and its client reconnects by itself.
import type { Hub, Subscriber } from "./hub.ts";
import type { Admitted } from "./admission.ts";
import { fits, LAGGING } from "./backlog.ts";

export function socketSubscriber(
  hub: Pick<Hub, "detach">,
  { actor, muted }: Admitted,
  socket: { raw: WebSocket; encoding: "ws" | "sio"; capacity: number },
  close: Subscriber["close"],
): Subscriber {
  const { raw, encoding, capacity } = socket;
  const me: Subscriber = {
    companyId: actor.companyId,
    userId: actor.userId,
    sessionId: actor.sessionId,
    muted,
    send: (frame) => {
      // Deno's socket counts what the peer has not taken yet.
      const encoded = frame[encoding];
      if (fits(raw.bufferedAmount, encoded, capacity)) return raw.send(encoded.text);
      hub.detach(me);
      raw.close(LAGGING.code, LAGGING.reason);
    },
    close,
  };
  return me;
}
