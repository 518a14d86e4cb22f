import { useSignals } from "@preact/signals-react/runtime";
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { User } from "../../api/types.ts";
import { company, currentUser } from "../../app/session.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useSearchedList } from "../../app/useSearchedList.ts";
import { Button } from "../../components/Button.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Icon } from "../../components/Icon.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as css from "../../components/page.css.ts";
import { SearchInput } from "../../components/SearchInput.tsx";
import { toast } from "../../components/toast.ts";
import { UserDialog } from "./UserDialog.tsx";
import { UsersTable } from "./UsersTable.tsx";
import { PagedScroller } from "../../components/PagedScroller.tsx";
import { companyEvent } from "../../../../contracts/realtime.ts";

const userId = (user: User) => user.id;
const loadUsers = async (search: string, page: number) => {
  const result = await api.users.page(search, page);
  return { items: result.users, hasMore: result.hasMore };
};

interface UserEvent {
  action?: string;
  user?: User;
  userId?: number;
}

export default function UsersPage() {
  useSignals();
  const { t } = useTranslation();
  const { search, setSearch, list } = useSearchedList(loadUsers, userId);
  const [editing, setEditing] = useState<User | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<User | null>(null);
  const companyId = company.value?.id;

  useRealtimeEvent(companyId ? companyEvent(companyId, "user") : null, (data) => {
    const event = (data ?? {}) as UserEvent;
    if ((event.action === "create" || event.action === "update") && event.user) {
      list.upsert(event.user);
    }
    if (event.action === "delete") {
      const id = event.userId ?? event.user?.id;
      if (id !== undefined) list.remove(id);
    }
  });

  const confirmDelete = useCallback(async () => {
    if (!deleting) return;
    try {
      await api.users.remove(deleting.id);
      list.remove(deleting.id);
      toast.success(t("users.deleted"));
    } catch (error) {
      toast.apiError(error);
    }
  }, [deleting, list, t]);

  return (
    <div className={css.page}>
      <PageHeader title={t("users.title")}>
        <SearchInput label={t("users.search")} value={search} onChange={setSearch} />
        <Button onPress={() => setEditing(null)}>
          <Icon name="add" size={18} />
          {t("users.add")}
        </Button>
      </PageHeader>
      <PagedScroller list={list}>
        <UsersTable
          users={list.items}
          selfId={currentUser.value?.id}
          loading={list.loading}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </PagedScroller>
      {editing !== undefined
        ? <UserDialog user={editing} onClose={() => setEditing(undefined)} onSaved={list.upsert} />
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("users.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("users.deleteMessage")}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
