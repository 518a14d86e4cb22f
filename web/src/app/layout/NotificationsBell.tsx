import { useEffect, useId, useRef, useState } from "react";
import {
  Button as AriaButton,
  Dialog,
  DialogTrigger,
  Heading,
  Link,
  Popover,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { api } from "../../api/index.ts";
import type { AppMessageEvent } from "../../api/messages.ts";
import type { Ticket, TicketEvent } from "../../api/tickets.ts";
import { Button } from "../../components/Button.tsx";
import * as page from "../../components/page.css.ts";
import { toast } from "../../components/toast.ts";
import { ChangesDuringLoad, type ListChange } from "../../lib/changesDuringLoad.ts";
import { Avatar } from "../../pages/tickets/Avatar.tsx";
import { listTime } from "../../pages/tickets/time.ts";
import { useRealtimeRooms } from "../../pages/tickets/useRealtimeRooms.ts";
import { useViewer } from "../../pages/tickets/useViewer.ts";
import { volume } from "../prefs.ts";
import { useRealtimeEvent } from "../useRealtimeEvent.ts";
import { useRealtimeReconnect } from "../useRealtimeReconnect.ts";
import * as layout from "./layout.css.ts";
import * as css from "./NotificationsBell.css.ts";
import { playChime } from "./notificationSound.ts";
import {
  applyTicket,
  type BellViewer,
  initialList,
  markRead,
  notificationRooms,
  openTicketUuid,
  removeTicket,
  ringsFor,
  shouldAlert,
  stillRung,
  titleWithCount,
} from "./notifications.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";

const BODY_MAX = 120;

/** Tickets that need the signed-in user, live, with a sound and a browser notification. */
export function NotificationsBell() {
  const viewer = useViewer();
  return viewer ? <Bell viewer={viewer} /> : null;
}

function Bell({ viewer }: { viewer: BellViewer }) {
  const { t } = useTranslation();
  const [location, navigate] = useLocation();
  const [tickets, setTickets] = useState<Ticket[]>([]);
  const [open, setOpen] = useState(false);
  const [alerts, setAlerts] = useState(0);
  const countId = useId();
  const locationRef = useRef(location);
  locationRef.current = location;
  const rung = useRef<Set<number>>(new Set());
  useEffect(() => {
    rung.current = stillRung(rung.current, tickets);
  }, [tickets]);
  useTabTitle(t("app.name"), tickets.length);

  useRealtimeRooms(notificationRooms(viewer));
  // Bumped when the realtime connection comes back: the list is read again.
  const [round, setRound] = useState(0);
  useRealtimeReconnect(() => setRound((value) => value + 1));
  // An event that lands while the list is read may be older than the read's answer or not:
  // it is applied now and again on top of the answer, so the answer never drops it.
  const duringLoad = useRef(new ChangesDuringLoad<Ticket>()).current;
  const change = (fn: ListChange<Ticket>) => setTickets(duringLoad.record(fn));

  useEffect(() => {
    let current = true;
    duringLoad.started();
    const sources = [
      api.tickets.page({ status: "open", withUnreadMessages: true, users: [viewer.userId] }),
      // The waiting tickets they may take, as their Aguardando lists them (the server's rule).
      api.tickets.page({ status: "pending" }),
    ];
    Promise.all(sources)
      .then((pages) => {
        if (!current) return;
        const missed = duringLoad.settle();
        setTickets(missed(initialList(pages.map((p) => p.tickets), viewer)));
      })
      // The bell keeps what the events brought; the desk shows the same tickets and its own errors.
      .catch(() => current && duringLoad.settle());
    return () => {
      current = false;
    };
  }, [viewer, round]);

  const onScreen = () => ({
    openUuid: openTicketUuid(locationRef.current),
    visible: document.visibilityState === "visible" && document.hasFocus(),
  });
  /** The chime and the browser notification, once per ticket while it stays in the bell. */
  const ring = (ticket: Ticket, body: string) => {
    if (rung.current.has(ticket.id)) return;
    rung.current.add(ticket.id);
    playChime(volume.peek());
    const waiting = ticket.status === "pending";
    showBrowserNotification(ticket, body, {
      title: (name) => t(waiting ? "alerts.newTicket" : "notifications.newMessage", { name }),
      media: t("notifications.media"),
      open: (uuid) => navigate(`/tickets/${uuid}`),
    });
    setAlerts((count) => count + 1);
  };

  useRealtimeEvent(companyEvent(viewer.companyId, "ticket"), (data) => {
    const event = data as TicketEvent | null;
    if (event?.action === "update" && event.ticket) {
      change((list) => applyTicket(list, event.ticket, viewer));
      if (event.fromBot && ringsFor(event.ticket, viewer, onScreen())) ring(event.ticket, event.ticket.lastMessage);
    } else if (event?.action === "delete") {
      change((list) => removeTicket(list, event.ticketId));
    } else if (event?.action === "updateUnread") {
      change((list) => markRead(list, event.ticketId, viewer));
    }
  });

  useRealtimeEvent(companyEvent(viewer.companyId, "appMessage"), (data) => {
    const event = data as AppMessageEvent | null;
    if (event?.action !== "create" || !event.ticket || !event.message) return;
    change((list) => applyTicket(list, event.ticket, viewer));
    // A file's text is its kind as the list shows it ("Foto", "Áudio 0:12").
    if (shouldAlert(event, viewer, onScreen())) ring(event.ticket, event.message.body || event.ticket.lastMessage);
  });

  const count = tickets.length;
  return (
    <>
      <DialogTrigger isOpen={open} onOpenChange={setOpen}>
        <AriaButton
          className={css.trigger}
          aria-label={t("notifications.bell")}
          aria-describedby={count > 0 ? countId : undefined}
          data-alerts={alerts}
        >
          <BellIcon />
          {count > 0
            // Drawn by CSS from data-count: the button's name stays its label, the count is
            // read from its description.
            ? (
              <span
                className={css.badge}
                data-count={count > 99 ? "99+" : count}
                aria-hidden="true"
              />
            )
            : null}
        </AriaButton>
        <Popover className={layout.popover} placement="bottom end">
          <Dialog className={css.dialog} aria-label={t("notifications.title")}>
            <div className={css.header}>
              <Heading slot="title" className={css.title}>{t("notifications.title")}</Heading>
            </div>
            {count === 0
              ? <p className={page.empty}>{t("notifications.empty")}</p>
              : (
                <ul className={css.list} aria-label={t("notifications.list")}>
                  {tickets.map((ticket) => (
                    <NotificationItem
                      key={ticket.id}
                      ticket={ticket}
                      onOpen={() => setOpen(false)}
                    />
                  ))}
                </ul>
              )}
            <div className={css.footer}>
              <BrowserPermission />
            </div>
          </Dialog>
        </Popover>
      </DialogTrigger>
      {count > 0
        ? (
          <span id={countId} className={page.visuallyHidden}>
            {t("notifications.bellCount", { count })}
          </span>
        )
        : null}
    </>
  );
}

/** The tab shows how many tickets need the user: "(3) Inbox"; the plain name again when gone. */
function useTabTitle(name: string, count: number) {
  useEffect(() => {
    document.title = titleWithCount(name, count);
  }, [name, count]);
  useEffect(() => () => {
    document.title = name;
  }, [name]);
}

function NotificationItem({ ticket, onOpen }: { ticket: Ticket; onOpen: () => void }) {
  const { t } = useTranslation();
  const name = ticket.contact?.name || ticket.contact?.number || t("tickets.unknownContact");
  const unread = ticket.unreadMessages ?? 0;
  return (
    <li>
      <Link
        href={`/tickets/${ticket.uuid}`}
        className={css.link}
        onPress={onOpen}
      >
        <Avatar contact={ticket.contact} size={36} />
        <span className={css.main}>
          <span className={css.name}>{name}</span>
          <span className={css.last}>
            {ticket.status === "pending" ? `${t("notifications.waiting")} · ` : ""}
            {ticket.lastMessage}
            {unread > 0
              ? (
                <span className={page.visuallyHidden}>
                  {` · ${t("notifications.unread", { count: unread })}`}
                </span>
              )
              : null}
          </span>
        </span>
        <span className={css.side}>
          <time dateTime={ticket.updatedAt}>{listTime(ticket.updatedAt)}</time>
          {unread > 0 ? <span className={css.count} aria-hidden="true">{unread}</span> : null}
        </span>
      </Link>
    </li>
  );
}

type Permission = NotificationPermission | "unsupported";

function currentPermission(): Permission {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/** Browser notifications are asked for from this button only, never on load. */
function BrowserPermission() {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<Permission>(currentPermission);
  if (permission === "unsupported") return <span>{t("notifications.browserUnsupported")}</span>;
  if (permission === "denied") return <span>{t("notifications.browserDenied")}</span>;
  if (permission === "granted") return <span>{t("notifications.browserEnabled")}</span>;
  const ask = async () => {
    try {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer === "granted") toast.success(t("notifications.browserEnabled"));
    } catch {
      setPermission(currentPermission());
    }
  };
  return <Button variant="secondary" onPress={ask}>{t("notifications.enableBrowser")}</Button>;
}

interface NotificationTexts {
  title: (name: string) => string;
  media: string;
  open: (uuid: string) => void;
}

function showBrowserNotification(ticket: Ticket, body: string, texts: NotificationTexts): void {
  if (currentPermission() !== "granted") return;
  const name = ticket.contact?.name || ticket.contact?.number || "";
  const text = body?.trim() ? body.trim().slice(0, BODY_MAX) : texts.media;
  try {
    const notification = new Notification(texts.title(name), {
      body: text,
      tag: `ticket-${ticket.uuid}`,
      icon: ticket.contact?.profilePicUrl || undefined,
    });
    notification.onclick = () => {
      globalThis.focus();
      texts.open(ticket.uuid);
      notification.close();
    };
  } catch {
    // Some mobile browsers only notify through a service worker: the sound still played.
  }
}

function BellIcon() {
  return (
    <svg width={22} height={22} viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
      <path d="M12 22c1.1 0 2-.9 2-2h-4a2 2 0 0 0 2 2zm6-6v-5c0-3.07-1.64-5.64-4.5-6.32V4a1.5 1.5 0 0 0-3 0v.68C7.63 5.36 6 7.92 6 11v5l-2 2v1h16v-1l-2-2z" />
    </svg>
  );
}
