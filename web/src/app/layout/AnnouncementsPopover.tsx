import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useId, useRef, useState } from "react";
import { Button as AriaButton, Dialog, DialogTrigger, Heading, Popover } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { type Announcement, imageUrl } from "../../api/announcements.ts";
import { api } from "../../api/index.ts";
import { Icon } from "../../components/Icon.tsx";
import * as page from "../../components/page.css.ts";
import { ChangesDuringLoad } from "../../lib/changesDuringLoad.ts";
import { formatLocalDate } from "../../lib/format.ts";
import {
  applyAnnouncementEvent,
  asAnnouncementEvent,
  priorityKey,
  priorityStyle,
} from "../../pages/announcements/announcementForm.ts";
import { company } from "../session.ts";
import { useRealtimeEvent } from "../useRealtimeEvent.ts";
import { useRealtimeReconnect } from "../useRealtimeReconnect.ts";
import * as layout from "./layout.css.ts";
import * as bell from "./NotificationsBell.css.ts";
import * as css from "./AnnouncementsPopover.css.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";

/**
 * The top bar's announcements: every user reads the active ones here, live. The badge
 * counts those that arrived since the popover was last opened.
 */
export function AnnouncementsPopover() {
  useSignals();
  const { t } = useTranslation();
  const companyId = company.value?.id;
  const [items, setItems] = useState<Announcement[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [unseen, setUnseen] = useState(0);
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  const countId = useId();
  useRealtimeReconnect(() => setRound((value) => value + 1));
  // An announcement event during the read is applied again on top of its answer (the
  // answer may predate it).
  const duringLoad = useRef(new ChangesDuringLoad<Announcement>()).current;

  useEffect(() => {
    let current = true;
    duringLoad.started();
    api.announcements.page({ pageNumber: 1 })
      .then((result) => {
        if (!current) return;
        // A super user's list holds inactive ones too: the popover shows what readers see.
        const active = duringLoad.settle()(result.records.filter((record) => record.status));
        setItems(active);
        setHasMore(result.hasMore);
        setUnseen(active.length);
      })
      // The popover keeps what the events brought; the page behind it shows its own errors.
      .catch(() => current && duringLoad.settle());
    return () => {
      current = false;
    };
  }, [round]);

  useRealtimeEvent(companyId ? companyEvent(companyId, "announcement") : null, (data) => {
    const event = asAnnouncementEvent(data);
    if (!event) return;
    setItems(duringLoad.record((list) => applyAnnouncementEvent(list, event, { search: "", hasMore, activeOnly: true })));
    if (event.action === "create" && event.record.status && !open) setUnseen((count) => count + 1);
  });

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (next) setUnseen(0);
  };

  return (
    <>
      <DialogTrigger isOpen={open} onOpenChange={changeOpen}>
        <AriaButton
          className={bell.trigger}
          aria-label={t("announcements.popover.open")}
          aria-describedby={unseen > 0 ? countId : undefined}
        >
          <Icon name="announcement" size={22} />
          {unseen > 0
            ? (
              <span
                className={bell.badge}
                data-count={unseen > 99 ? "99+" : unseen}
                aria-hidden="true"
              />
            )
            : null}
        </AriaButton>
        <Popover className={layout.popover} placement="bottom end">
          <Dialog className={bell.dialog} aria-label={t("announcements.popover.title")}>
            <div className={bell.header}>
              <Heading slot="title" className={bell.title}>
                {t("announcements.popover.title")}
              </Heading>
            </div>
            {items.length === 0
              ? <p className={page.empty}>{t("announcements.popover.empty")}</p>
              : (
                <ul className={bell.list} aria-label={t("announcements.popover.list")}>
                  {items.map((item) => <AnnouncementItem key={item.id} item={item} />)}
                </ul>
              )}
          </Dialog>
        </Popover>
      </DialogTrigger>
      {unseen > 0
        ? (
          <span id={countId} className={page.visuallyHidden}>
            {t("announcements.popover.count", { count: unseen })}
          </span>
        )
        : null}
    </>
  );
}

function AnnouncementItem({ item }: { item: Announcement }) {
  const { t } = useTranslation();
  const colour = priorityStyle(item.priority);
  return (
    <li className={css.item} style={{ borderLeftColor: colour.background }}>
      <div className={css.head}>
        <span className={css.title}>{item.title}</span>
        <span className={css.chip} style={colour}>{t(priorityKey(item.priority))}</span>
      </div>
      <time className={css.date} dateTime={item.createdAt}>{formatLocalDate(item.createdAt)}</time>
      <p className={css.text}>{item.text}</p>
      {item.mediaPath
        ? (
          <img
            className={css.image}
            src={imageUrl(item) ?? undefined}
            alt={t("announcements.popover.imageOf", { title: item.title })}
            loading="lazy"
          />
        )
        : null}
    </li>
  );
}
