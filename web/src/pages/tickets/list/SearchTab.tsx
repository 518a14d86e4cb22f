import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { Tag } from "../../../api/tags.ts";
import type { Ticket } from "../../../api/tickets.ts";
import type { UserListItem } from "../../../api/types.ts";
import { MultiSelectField } from "../../../components/MultiSelectField.tsx";
import { SearchInput } from "../../../components/SearchInput.tsx";
import { toast } from "../../../components/toast.ts";
import { useDebouncedValue } from "../../../lib/useDebouncedValue.ts";
import { type BaseFilter, idsOf, searchFilter } from "./ticketQuery.ts";
import type { Viewer } from "./ticketScope.ts";
import { TicketList } from "./TicketList.tsx";
import * as css from "./list.css.ts";

interface Props {
  base: BaseFilter;
  viewer: Viewer;
  selectedUuid: string | undefined;
  onPeek?: (ticket: Ticket) => void;
}

/** Busca: every status, by text (500 ms debounce), tags (everyone) and users (admins). */
export function SearchTab({ base, viewer, selectedUuid, onPeek }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const debounced = useDebouncedValue(text, 500);
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [userIds, setUserIds] = useState<string[]>([]);
  const tags = useOptions(api.tags.list, true);
  const users = useOptions(api.users.list, viewer.isAdmin);

  const filter = searchFilter(
    base,
    { text: debounced, tags: idsOf(tagIds), users: idsOf(userIds) },
    viewer.isAdmin,
  );

  return (
    <>
      <div className={css.searchFields}>
        <SearchInput label={t("desk.search.text")} value={text} onChange={setText} />
        <div className={css.filterRow}>
          <div className={css.queueFilter}>
            <MultiSelectField
              label={t("desk.search.tags")}
              placeholder={t("desk.search.allTags")}
              options={(tags ?? []).map((tag: Tag) => ({ id: String(tag.id), label: tag.name }))}
              value={tagIds}
              onChange={setTagIds}
              isDisabled={!tags?.length}
            />
          </div>
          {viewer.isAdmin
            ? (
              <div className={css.queueFilter}>
                <MultiSelectField
                  label={t("desk.search.users")}
                  placeholder={t("desk.search.allUsers")}
                  options={(users ?? []).map((user: UserListItem) => ({
                    id: String(user.id),
                    label: user.name,
                  }))}
                  value={userIds}
                  onChange={setUserIds}
                  isDisabled={!users?.length}
                />
              </div>
            )
            : null}
        </div>
      </div>
      <TicketList
        filter={filter}
        viewer={viewer}
        selectedUuid={selectedUuid}
        label={t("desk.search.results")}
        onPeek={onPeek}
      />
    </>
  );
}

/** A filter's choices, loaded once when the tab opens (null until then, or when not wanted). */
function useOptions<T>(load: () => Promise<T[]>, wanted: boolean): T[] | null {
  const [options, setOptions] = useState<T[] | null>(null);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    load()
      .then((loaded) => current && setOptions(loaded))
      .catch((error) => current && toast.apiError(error));
    return () => {
      current = false;
    };
  }, [load, wanted]);
  return options;
}
