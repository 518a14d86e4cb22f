import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { User } from "../../api/types.ts";
import { EditDeleteButtons } from "../../components/EditDeleteButtons.tsx";
import * as css from "../../components/page.css.ts";
import { TableEmpty } from "../../components/TableEmpty.tsx";
import { ActionsCell, FieldCell, TitleCell } from "../../components/TableCells.tsx";

interface Props {
  users: User[];
  /** The signed-in user, who cannot delete themself. */
  selfId: number | undefined;
  loading: boolean;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UsersTable({ users, selfId, loading, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  return (
    <Table aria-label={t("users.table")} className={css.table}>
      <TableHeader>
        <Column isRowHeader className={css.columnHeader}>{t("users.columns.name")}</Column>
        <Column className={css.columnHeader}>{t("users.columns.email")}</Column>
        <Column className={css.columnHeader}>{t("users.columns.profile")}</Column>
        <Column className={css.columnHeader}>{t("users.columns.actions")}</Column>
      </TableHeader>
      <TableBody
        items={users}
        renderEmptyState={() => <TableEmpty loading={loading} />}
      >
        {(user) => (
          <Row id={user.id} className={css.row}>
            <TitleCell textValue={user.name}>{user.name}</TitleCell>
            <FieldCell label={t("users.columns.email")}>{user.email}</FieldCell>
            <FieldCell label={t("users.columns.profile")}>
              {t(`profiles.${user.profile}`)}
            </FieldCell>
            <ActionsCell>
              <EditDeleteButtons
                editLabel={t("users.editUser", { name: user.name })}
                deleteLabel={t("users.deleteUser", { name: user.name })}
                onEdit={() => onEdit(user)}
                onDelete={() => onDelete(user)}
                deleteDisabled={user.id === selfId}
              />
            </ActionsCell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
