import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { ContactList } from "../../api/contactLists.ts";
import { EditDeleteButtons } from "../../components/EditDeleteButtons.tsx";
import { IconButton } from "../../components/IconButton.tsx";
import * as page from "../../components/page.css.ts";
import { TableEmpty } from "../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, TitleCell } from "../../components/TableCells.tsx";

interface Props {
  records: ContactList[];
  loading: boolean;
  onExample: () => void;
  onOpen: (record: ContactList) => void;
  onEdit: (record: ContactList) => void;
  onDelete: (record: ContactList) => void;
}

/** Name, contact count; actions: example spreadsheet, the list's contacts, edit, delete. */
export function ContactListsTable(
  { records, loading, onExample, onOpen, onEdit, onDelete }: Props,
) {
  const { t } = useTranslation();
  return (
    <Table aria-label={t("contactLists.table")} className={page.table}>
      <TableHeader>
        <Column isRowHeader className={page.columnHeader}>{t("contactLists.columns.name")}</Column>
        <Column className={page.columnHeader}>{t("contactLists.columns.contacts")}</Column>
        <Column className={page.columnHeader}>{t("contactLists.columns.actions")}</Column>
      </TableHeader>
      <TableBody items={records} renderEmptyState={() => <TableEmpty loading={loading} />}>
        {(record) => (
          <Row id={record.id} className={page.row}>
            <TitleCell textValue={record.name}>{record.name}</TitleCell>
            <FieldCell label={t("contactLists.columns.contacts")}>{record.contactsCount}</FieldCell>
            <ActionsCell>
              <IconButton
                icon="fileDownload"
                label={t("contactLists.example")}
                onPress={onExample}
              />
              <IconButton
                icon="users"
                label={t("contactLists.open", { name: record.name })}
                onPress={() => onOpen(record)}
              />
              <EditDeleteButtons
                editLabel={t("contactLists.edit", { name: record.name })}
                deleteLabel={t("contactLists.delete", { name: record.name })}
                onEdit={() => onEdit(record)}
                onDelete={() => onDelete(record)}
              />
            </ActionsCell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
