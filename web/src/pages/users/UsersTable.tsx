import { Cell, Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { User } from "../../api/types.ts";
import { IconButton } from "../../components/IconButton.tsx";
import * as css from "../../components/page.css.ts";

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
        renderEmptyState={() => (
          <div className={css.empty}>{loading ? t("app.loading") : t("common.noRecords")}</div>
        )}
      >
        {(user) => (
          <Row id={user.id} className={css.row}>
            <Cell className={css.cell}>{user.name}</Cell>
            <Cell className={css.cell}>{user.email}</Cell>
            <Cell className={css.cell}>{t(`profiles.${user.profile}`)}</Cell>
            <Cell className={css.actionsCell}>
              <IconButton
                icon="edit"
                label={t("users.editUser", { name: user.name })}
                onPress={() => onEdit(user)}
              />
              <IconButton
                icon="delete"
                label={t("users.deleteUser", { name: user.name })}
                onPress={() => onDelete(user)}
                isDisabled={user.id === selfId}
              />
            </Cell>
          </Row>
        )}
      </TableBody>
    </Table>
  );
}
