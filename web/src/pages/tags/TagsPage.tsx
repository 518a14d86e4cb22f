import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { TagRecord } from "../../api/tags.ts";
import { currentUser } from "../../app/session.ts";
import { Icon } from "../../components/Icon.tsx";
import { ListPage } from "../../components/ListPage.tsx";
import { listTexts } from "../../lib/listTexts.ts";
import * as page from "../../components/page.css.ts";
import { textOn } from "../tickets/color.ts";
import { applyTagEvent, asTagEvent, mayFlagKanban } from "./tagForm.ts";
import { TagDialog } from "./TagDialog.tsx";
import * as css from "./tags.css.ts";

/**
 * /tags (seed 001): search, infinite scroll, name (on its colour, marked when it is a
 * kanban lane), order, tickets count, edit, delete; live.
 */
export default function TagsPage() {
  useSignals();
  const { t } = useTranslation();
  const flagsKanban = mayFlagKanban(currentUser.value);
  return (
    <ListPage<TagRecord>
      texts={listTexts(t, "tags", (row) => ({ name: row.name }))}
      load={(query) =>
        api.tags.page(query).then(({ tags, hasMore }) => ({ records: tags, hasMore }))}
      event="tag"
      readEvent={asTagEvent}
      applyEvent={applyTagEvent}
      titleColumn={{
        label: t("tags.columns.name"),
        value: (row) => (
          <>
            <span className={css.chip} style={{ background: row.color, color: textOn(row.color) }}>
              {row.name}
            </span>
            {row.kanban
              ? (
                <span className={css.laneMark} title={t("tags.kanbanLane")}>
                  <Icon name="kanban" size={16} />
                  <span className={page.visuallyHidden}>{t("tags.kanbanLane")}</span>
                </span>
              )
              : null}
          </>
        ),
        text: (row) => row.name,
      }}
      columns={[
        { label: t("tags.columns.order"), value: (row) => row.order },
        { label: t("tags.columns.tickets"), value: (row) => row.ticketsCount },
      ]}
      // Kanban lanes are removed by admins and supervisors only.
      mayDelete={(row) => row.kanban === 0 || flagsKanban}
      remove={api.tags.remove}
      dialog={(props) => <TagDialog {...props} mayFlagKanban={flagsKanban} />}
    />
  );
}
