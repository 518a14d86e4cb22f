import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Contact } from "../../api/tickets.ts";
import { IconButton } from "../../components/IconButton.tsx";
import * as page from "../../components/page.css.ts";
import { TableEmpty } from "../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, LeadCell, TitleCell } from "../../components/TableCells.tsx";
import { Avatar } from "../tickets/Avatar.tsx";
import * as css from "./contacts.css.ts";

interface Props {
  contacts: Contact[];
  loading: boolean;
  /** Deleting is for admins only (contacts-page:deleteContact). */
  canDelete: boolean;
  onEdit: (contact: Contact) => void;
  onNewTicket: (contact: Contact) => void;
  onSchedule: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
}

export function ContactsTable(props: Props) {
  const { t } = useTranslation();
  return (
    <Table aria-label={t("contacts.table")} className={page.table}>
      <TableHeader>
        <Column className={`${page.columnHeader} ${css.avatarColumn}`}>
          <span className={page.visuallyHidden}>{t("contacts.columns.avatar")}</span>
        </Column>
        <Column isRowHeader className={page.columnHeader}>{t("contacts.columns.name")}</Column>
        <Column className={page.columnHeader}>{t("contacts.columns.number")}</Column>
        <Column className={page.columnHeader}>{t("contacts.columns.email")}</Column>
        <Column className={page.columnHeader}>{t("contacts.columns.actions")}</Column>
      </TableHeader>
      <TableBody
        items={props.contacts}
        dependencies={[props.canDelete, t]}
        renderEmptyState={() => <TableEmpty loading={props.loading} />}
      >
        {(contact) => {
          const name = contact.name || t("contacts.noName");
          return (
            <Row id={contact.id} className={page.row}>
              <LeadCell>
                <Avatar contact={contact} size={36} />
              </LeadCell>
              <TitleCell textValue={name}>{name}</TitleCell>
              <FieldCell label={t("contacts.columns.number")}>{contact.number}</FieldCell>
              <FieldCell label={t("contacts.columns.email")}>
                {contact.email || <span className={css.muted} aria-hidden="true">—</span>}
              </FieldCell>
              <ActionsCell>
                <IconButton
                  icon="tickets"
                  label={t("contacts.actions.newTicket", { name })}
                  onPress={() => props.onNewTicket(contact)}
                />
                <IconButton
                  icon="clock"
                  label={t("contacts.actions.schedule", { name })}
                  onPress={() => props.onSchedule(contact)}
                />
                <IconButton
                  icon="edit"
                  label={t("contacts.actions.edit", { name })}
                  onPress={() => props.onEdit(contact)}
                />
                {props.canDelete
                  ? (
                    <IconButton
                      icon="delete"
                      label={t("contacts.actions.delete", { name })}
                      onPress={() => props.onDelete(contact)}
                    />
                  )
                  : null}
              </ActionsCell>
            </Row>
          );
        }}
      </TableBody>
    </Table>
  );
}
