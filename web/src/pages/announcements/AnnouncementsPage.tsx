import { useTranslation } from "react-i18next";
import type { Announcement } from "../../api/announcements.ts";
import { api } from "../../api/index.ts";
import { ListPage } from "../../components/ListPage.tsx";
import { listTexts } from "../../lib/listTexts.ts";
import { AnnouncementDialog } from "./AnnouncementDialog.tsx";
import {
  applyAnnouncementEvent,
  asAnnouncementEvent,
  priorityKey,
  priorityStyle,
} from "./announcementForm.ts";
import * as css from "./announcements.css.ts";

/** /announcements: the super users' list of every announcement, active or not. */
export default function AnnouncementsPage() {
  const { t } = useTranslation();
  const column = (key: string) => t(`announcements.columns.${key}`);
  return (
    <ListPage<Announcement>
      texts={listTexts(t, "announcements", (row) => ({ title: row.title }))}
      load={api.announcements.page}
      event="announcement"
      readEvent={asAnnouncementEvent}
      applyEvent={(items, event, state) =>
        applyAnnouncementEvent(items, event, { ...state, activeOnly: false })}
      titleColumn={{
        label: column("title"),
        value: (row) => <span>{row.title}</span>,
        text: (row) => row.title,
      }}
      columns={[
        {
          label: column("priority"),
          value: (row) => (
            <span className={css.priorityChip} style={priorityStyle(row.priority)}>
              {t(priorityKey(row.priority))}
            </span>
          ),
        },
        { label: column("mediaName"), value: (row) => row.mediaName ?? "" },
        {
          label: column("status"),
          value: (row) => row.status ? t("announcements.active") : t("announcements.inactive"),
        },
      ]}
      remove={api.announcements.remove}
      dialog={(props) => <AnnouncementDialog {...props} />}
    />
  );
}
