import { useCallback, useEffect, useRef, useState } from "react";
import { api } from "../../../api/index.ts";
import type {
  SandboxContactCard,
  SandboxLocation,
  SandboxRecord,
  StoredMessage,
} from "../../../api/whatsapps.ts";
import { realtime } from "../../../app/realtimeInstance.ts";
import { toast } from "../../../components/toast.ts";
import {
  type Bubble,
  fromRecord,
  fromStored,
  isValidCustomerNumber,
  type SentExtras,
  upsertBubbles,
} from "./conversation.ts";
import { sandboxChannel } from "../../../../../contracts/realtime.ts";

/** The sandbox room and event name of a connection (the panel joins the room). */
export function sandboxRoom(companyId: number, whatsappId: number): string {
  return sandboxChannel(companyId, whatsappId);
}

export interface Outgoing {
  body?: string;
  quotedId?: number;
  /** A reply to one of the company's messages: the phone only knows its WhatsApp id. */
  quotedWid?: string;
  location?: SandboxLocation;
  vcard?: SandboxContactCard;
  medias?: File[];
}

/**
 * The conversation of one customer number on a sandbox connection: the company's side
 * from GET /sandbox/:id/outbox (kept live by the sandbox room's events), the customer's
 * side from the answers of POST /sandbox/:id/inbound.
 */
export function usePhoneConversation(
  companyId: number,
  whatsappId: number,
  number: string,
  name: string,
) {
  const [customer, setCustomer] = useState<Record<string, Bubble[]>>({});
  const [company, setCompany] = useState<Bubble[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(false);
  const [sending, setSending] = useState(false);
  const numberRef = useRef(number);
  numberRef.current = number;
  const valid = isValidCustomerNumber(number);

  // The company's messages to this number: page 1 (the newest) whenever the number changes.
  useEffect(() => {
    setCompany([]);
    setPage(1);
    setHasMore(false);
    if (!valid) return;
    let live = true;
    setLoading(true);
    api.sandbox.outbox(whatsappId, number, 1)
      .then((result) => {
        if (!live) return;
        setCompany(upsertBubbles([], result.records.map(fromRecord)));
        setHasMore(result.hasMore);
      })
      .catch((error) => live && toast.apiError(error))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [whatsappId, number, valid]);

  // Live: join the connection's sandbox room and follow its records for this number.
  useEffect(() => {
    const room = sandboxRoom(companyId, whatsappId);
    const leave = realtime.join(room);
    const stop = realtime.subscribe(room, (data) => {
      const record = (data as { record?: SandboxRecord } | null)?.record;
      if (!record || typeof record.id !== "number") return;
      if (record.number !== numberRef.current) return;
      setCompany((previous) => upsertBubbles(previous, [fromRecord(record)]));
    });
    return () => {
      stop();
      leave();
    };
  }, [companyId, whatsappId]);

  const loadOlder = useCallback(async () => {
    if (!valid || loading || !hasMore) return;
    setLoading(true);
    try {
      const next = page + 1;
      const result = await api.sandbox.outbox(whatsappId, number, next);
      if (numberRef.current !== number) return;
      setCompany((previous) => upsertBubbles(previous, result.records.map(fromRecord)));
      setHasMore(result.hasMore);
      setPage(next);
    } catch (error) {
      toast.apiError(error);
    } finally {
      setLoading(false);
    }
  }, [valid, loading, hasMore, page, whatsappId, number]);

  /** The customer writes; true when the server stored it. */
  const send = useCallback(async (outgoing: Outgoing, extras: SentExtras = {}) => {
    if (!valid || sending) return false;
    setSending(true);
    const sender = { number, name: name.trim() || undefined };
    try {
      let stored: StoredMessage[];
      if (outgoing.medias?.length) {
        stored = await api.sandbox.inboundMedia(whatsappId, {
          ...sender,
          body: outgoing.body || undefined,
          quotedId: outgoing.quotedId,
          quotedWid: outgoing.quotedWid,
          medias: outgoing.medias,
        });
      } else {
        stored = await api.sandbox.inbound(whatsappId, {
          ...sender,
          body: outgoing.body || undefined,
          quotedId: outgoing.quotedId,
          quotedWid: outgoing.quotedWid,
          location: outgoing.location,
          vcard: outgoing.vcard,
        });
      }
      const bubbles = (Array.isArray(stored) ? stored : []).map((message) =>
        fromStored(message, extras)
      );
      setCustomer((previous) => ({
        ...previous,
        [number]: upsertBubbles(previous[number] ?? [], bubbles),
      }));
      return true;
    } catch (error) {
      toast.apiError(error);
      return false;
    } finally {
      setSending(false);
    }
  }, [valid, sending, number, name, whatsappId]);

  const bubbles = upsertBubbles(customer[number] ?? [], company);
  return { bubbles, valid, loading, sending, hasMore, loadOlder, send };
}
