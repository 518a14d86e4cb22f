import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Whatsapp } from "../../api/whatsapps.ts";
import { Button } from "../../components/Button.tsx";
import { Icon } from "../../components/Icon.tsx";
import { IconButton } from "../../components/IconButton.tsx";
import * as page from "../../components/page.css.ts";
import { TableEmpty } from "../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, TitleCell } from "../../components/TableCells.tsx";
import {
  formatDateTime,
  type SessionAction,
  sessionActions,
  statusNotes,
} from "./connectionRules.ts";
import * as css from "./connections.css.ts";

export type RowAction = SessionAction | "edit" | "delete" | "phone";

interface Props {
  whatsapps: Whatsapp[];
  loading: boolean;
  /** The row and action whose call is running (its button shows as pending). */
  pending: { id: number; action: RowAction } | null;
  onAction: (action: RowAction, whatsapp: Whatsapp) => void;
}

const buttonKey: Record<SessionAction, string> = {
  qrcode: "qrcode",
  retry: "tryAgain",
  newQr: "newQr",
  pairing: "pairing",
  showCode: "showCode",
  disconnect: "disconnect",
  connecting: "connecting",
};

function statusTone(status: string): keyof typeof css.statusDot {
  if (status === "CONNECTED") return "ok";
  if (status === "qrcode" || status === "OPENING" || status === "PAIRING") return "wait";
  return "bad";
}

export function ConnectionsTable({ whatsapps, loading, pending, onAction }: Props) {
  const { t } = useTranslation();
  const isPending = (whatsapp: Whatsapp, action: RowAction) =>
    pending?.id === whatsapp.id && pending.action === action;

  const sessionButton = (action: SessionAction, whatsapp: Whatsapp) => {
    const primary = action === "qrcode" || action === "showCode";
    const label = t(`connections.buttons.${buttonKey[action]}`);
    if (action === "connecting") {
      return <Button key={action} variant="secondary" isDisabled>{label}</Button>;
    }
    return (
      <Button
        key={action}
        variant={primary ? "primary" : "secondary"}
        isPending={isPending(whatsapp, action)}
        onPress={() => onAction(action, whatsapp)}
      >
        {action === "qrcode" ? <Icon name="qrcode" size={18} /> : null}
        {label}
      </Button>
    );
  };

  return (
    <Table aria-label={t("connections.table")} className={page.table}>
      <TableHeader>
        <Column isRowHeader className={page.columnHeader}>{t("connections.columns.name")}</Column>
        <Column className={page.columnHeader}>{t("connections.columns.number")}</Column>
        <Column className={page.columnHeader}>{t("connections.columns.status")}</Column>
        <Column className={page.columnHeader}>{t("connections.columns.session")}</Column>
        <Column className={page.columnHeader}>{t("connections.columns.lastUpdate")}</Column>
        <Column className={page.columnHeader}>{t("connections.columns.default")}</Column>
        <Column className={page.columnHeader}>{t("connections.columns.actions")}</Column>
      </TableHeader>
      <TableBody
        items={whatsapps}
        renderEmptyState={() => <TableEmpty loading={loading} />}
      >
        {(whatsapp) => (
          <Row id={whatsapp.id} className={page.row}>
            <TitleCell textValue={whatsapp.name}>
              <span className={css.nameCell}>
                {whatsapp.name}
                {whatsapp.provider === "sandbox"
                  ? (
                    <span className={css.sandboxChip} title={t("connections.provider.sandboxHint")}>
                      <Icon name="smartphone" size={14} />
                      {t("connections.provider.sandbox")}
                    </span>
                  )
                  : null}
              </span>
            </TitleCell>
            <FieldCell label={t("connections.columns.number")}>
              {whatsapp.number || <span className={css.muted}>—</span>}
            </FieldCell>
            <FieldCell label={t("connections.columns.status")}>
              <span className={css.status}>
                <span className={css.statusDot[statusTone(whatsapp.status)]} aria-hidden="true" />
                {t(`connections.status.${whatsapp.status}`, { defaultValue: whatsapp.status })}
              </span>
              {statusNotes(whatsapp).map((note) => (
                <span key={note.key} className={css.statusNote}>
                  {t(note.key, note.values ?? {})}
                </span>
              ))}
            </FieldCell>
            <FieldCell label={t("connections.columns.session")}>
              <div className={css.sessionButtons}>
                {sessionActions(whatsapp.status, whatsapp.provider).map((action) =>
                  sessionButton(action, whatsapp)
                )}
              </div>
            </FieldCell>
            <FieldCell label={t("connections.columns.lastUpdate")} className={css.nowrap}>
              {formatDateTime(whatsapp.updatedAt)}
            </FieldCell>
            <FieldCell label={t("connections.columns.default")}>
              {whatsapp.isDefault
                ? (
                  <span className={css.star} role="img" aria-label={t("connections.isDefault")}>
                    <Icon name="star" size={20} />
                  </span>
                )
                : <span className={css.muted} aria-hidden="true">—</span>}
            </FieldCell>
            <ActionsCell>
              {whatsapp.provider === "sandbox"
                ? (
                  <IconButton
                    icon="smartphone"
                    label={t("connections.openPhone", { name: whatsapp.name })}
                    onPress={() => onAction("phone", whatsapp)}
                  />
                )
                : null}
              <IconButton
                icon="edit"
                label={t("connections.edit", { name: whatsapp.name })}
                onPress={() => onAction("edit", whatsapp)}
              />
              <IconButton
                icon="delete"
                label={t("connections.delete", { name: whatsapp.name })}
                onPress={() => onAction("delete", whatsapp)}
              />
            </ActionsCell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
