import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { QuickMessage } from "../../api/quickMessages.ts";
import { currentUser, isAdmin } from "../../app/session.ts";
import { ListPage } from "../../components/ListPage.tsx";
import { listTexts } from "../../lib/listTexts.ts";
import { QuickMessageDialog } from "./QuickMessageDialog.tsx";
import { applyQuickEvent, asQuickEvent, canManage } from "./quickMessageForm.ts";
import * as css from "./quickMessages.css.ts";

export default function QuickMessagesPage() {
  useSignals();
  const { t } = useTranslation();
  const user = currentUser.value;
  const viewer = user ? { id: user.id, isAdmin: isAdmin.value } : null;
  const column = (key: string) => t(`schedules.quick.columns.${key}`);
  return (
    <ListPage<QuickMessage>
      texts={listTexts(t, "schedules.quick", (row) => ({ shortcode: row.shortcode }))}
      load={api.quickMessages.page}
      event="quickmessage"
      readEvent={asQuickEvent}
      applyEvent={applyQuickEvent}
      titleColumn={{
        label: column("shortcode"),
        value: (row) => <span className={css.shortcode}>/{row.shortcode}</span>,
        text: (row) => `/${row.shortcode}`,
      }}
      columns={[
        {
          label: column("message"),
          value: (row) => <span className={css.excerpt} title={row.message}>{row.message}</span>,
        },
        {
          label: column("geral"),
          value: (row) => row.geral ? t("common.yes") : t("common.no"),
        },
        {
          label: column("status"),
          value: (row) => row.status ? t("schedules.quick.active") : t("schedules.quick.inactive"),
        },
        {
          label: t("attachments.column"),
          value: (row) => <span>{row.mediaName ?? t("attachments.field.none")}</span>,
        },
      ]}
      mayEdit={(row) => canManage(row, viewer)}
      mayDelete={(row) => canManage(row, viewer)}
      remove={api.quickMessages.remove}
      dialog={(props) => <QuickMessageDialog {...props} />}
    />
  );
}
