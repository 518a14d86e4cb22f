import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { ContactListItem } from "../../api/contactLists.ts";
import { EditDeleteButtons } from "../../components/EditDeleteButtons.tsx";
import { Icon } from "../../components/Icon.tsx";
import * as page from "../../components/page.css.ts";
import { TableEmpty } from "../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, LeadCell, TitleCell } from "../../components/TableCells.tsx";
import * as css from "./contactLists.css.ts";
import { itemLabel } from "./contactListForm.ts";

interface Props {
  records: ContactListItem[];
  loading: boolean;
  /** Deleting is for the roles with contacts-page:deleteContact (admins). */
  canDelete: boolean;
  onEdit: (record: ContactListItem) => void;
  onDelete: (record: ContactListItem) => void;
}

function Validity({ value }: { value: boolean | null }) {
  const { t } = useTranslation();
  const [kind, icon, label] = value === true
    ? ["valid", "checkCircle", t("contactLists.items.valid")] as const
    : value === false
    ? ["invalid", "cancel", t("contactLists.items.invalid")] as const
    : ["unchecked", "clock", t("contactLists.items.unchecked")] as const;
  return (
    <span className={css.validity[kind]} title={label} data-validity={kind}>
      <Icon name={icon} size={20} />
      <span className={page.visuallyHidden}>{label}</span>
    </span>
  );
}

/** WhatsApp-valid icon, name, number, e-mail, actions. */
export function ContactListItemsTable({ records, loading, canDelete, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Table aria-label={t("contactLists.items.table")} className={page.table}>
      <TableHeader>
        <Column className={page.columnHeader}>
          <span className={page.visuallyHidden}>{t("contactLists.items.columns.valid")}</span>
        </Column>
        <Column isRowHeader className={page.columnHeader}>
          {t("contactLists.items.columns.name")}
        </Column>
        <Column className={page.columnHeader}>{t("contactLists.items.columns.number")}</Column>
        <Column className={page.columnHeader}>{t("contactLists.items.columns.email")}</Column>
        <Column className={page.columnHeader}>{t("contactLists.items.columns.actions")}</Column>
      </TableHeader>
      <TableBody items={records} renderEmptyState={() => <TableEmpty loading={loading} />}>
        {(record) => (
          <Row id={record.id} className={page.row}>
            <LeadCell>
              <Validity value={record.isWhatsappValid} />
            </LeadCell>
            <TitleCell textValue={record.name || t("contactLists.items.noName")}>
              {record.name || <span className={css.noName}>{t("contactLists.items.noName")}</span>}
            </TitleCell>
            <FieldCell label={t("contactLists.items.columns.number")}>{record.number}</FieldCell>
            <FieldCell label={t("contactLists.items.columns.email")}>{record.email}</FieldCell>
            <ActionsCell>
              <EditDeleteButtons
                editLabel={t("contactLists.items.edit", { name: itemLabel(record) })}
                deleteLabel={t("contactLists.items.delete", { name: itemLabel(record) })}
                onEdit={() => onEdit(record)}
                onDelete={() => onDelete(record)}
                deleteDisabled={!canDelete}
              />
            </ActionsCell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
