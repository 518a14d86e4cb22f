import { useSignals } from "@preact/signals-react/runtime";
import { type ReactNode, useState } from "react";
import { Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { company } from "../app/session.ts";
import { useRealtimeEvent } from "../app/useRealtimeEvent.ts";
import { useSearchedList } from "../app/useSearchedList.ts";
import type { ListTexts } from "../lib/listTexts.ts";
import type { LiveEvent } from "../lib/liveList.ts";
import { useDeleteConfirm } from "../lib/useDeleteConfirm.ts";
import { type CompanyEvent, companyEvent } from "../../../contracts/realtime.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { EditDeleteButtons } from "./EditDeleteButtons.tsx";
import { PagedScroller } from "./PagedScroller.tsx";
import { SearchAddHeader } from "./SearchAddHeader.tsx";
import { ActionsCell, FieldCell, TitleCell } from "./TableCells.tsx";
import { TableEmpty } from "./TableEmpty.tsx";
import * as css from "./page.css.ts";

/** One column of a list page's table; on a phone, one line of the row's card. */
export interface ListColumn<T> {
  /** The header, and the name a card writes before the value. */
  label: string;
  value: (row: T) => ReactNode;
  /** The cell's text for type-ahead and assistive tech, when value is not plain text. */
  text?: (row: T) => string;
}

/** What a list page's add/edit dialog receives (record null: a new one). */
export interface RecordDialogProps<T> {
  record: T | null;
  onClose: () => void;
  onSaved: (record: T) => void;
}

interface Props<T extends { id: number }> {
  texts: ListTexts<T>;
  /** One page (1-based) of the server's list for a search text. */
  load: (query: { searchParam: string; pageNumber: number }) => Promise<{
    records: T[];
    hasMore: boolean;
  }>;
  /** The company channel's event that carries this area's changes (none: only the page's own). */
  event?: CompanyEvent;
  readEvent?: (data: unknown) => LiveEvent<T> | null;
  /** Puts a change in the loaded rows, as the server would order and filter them. */
  applyEvent: (items: T[], event: LiveEvent<T>, state: { search: string; hasMore: boolean }) => T[];
  /** The row's title: it heads the card on a phone and names the row. */
  titleColumn: { label: string; value: (row: T) => ReactNode; text: (row: T) => string };
  columns: ListColumn<T>[];
  /** Buttons before edit and delete; apply puts a row they changed in the list. */
  rowActions?: (row: T, apply: (event: LiveEvent<T>) => void) => ReactNode;
  /** Rows the viewer may not edit (or delete) show that button disabled. */
  mayEdit?: (row: T) => boolean;
  mayDelete?: (row: T) => boolean;
  remove: (id: number) => Promise<unknown>;
  /** A row's own action (a click or Enter on it), e.g. opening the record's page. */
  onRowAction?: (row: T) => void;
  dialog: (props: RecordDialogProps<T>) => ReactNode;
}

/**
 * A list page (the spec's list pages): header with search and add, a server-paged table
 * that becomes cards on a phone, kept live by the company's events, with edit and delete
 * per row, the add/edit dialog and the delete confirmation. An area declares its columns.
 */
export function ListPage<T extends { id: number }>(props: Props<T>) {
  useSignals();
  const { texts } = props;
  const { search, setSearch, debounced, list } = useSearchedList<T>(
    (search, page) =>
      props.load({ searchParam: search, pageNumber: page }).then((result) => ({
        items: result.records,
        hasMore: result.hasMore,
      })),
    recordId,
  );
  const [editing, setEditing] = useState<T | null | undefined>(undefined);
  const companyId = company.value?.id;

  const apply = (event: LiveEvent<T>) =>
    list.update((items) =>
      props.applyEvent(items, event, { search: debounced, hasMore: list.hasMore })
    );

  const channel = companyId && props.event ? companyEvent(companyId, props.event) : null;
  useRealtimeEvent(channel, (data) => {
    const event = props.readEvent?.(data);
    if (event) apply(event);
  });

  const openRow = (key: unknown) => {
    const row = list.items.find((item) => item.id === key);
    if (row) props.onRowAction?.(row);
  };

  const { deleting, setDeleting, confirmDelete } = useDeleteConfirm<T>(
    props.remove,
    (row) => apply({ action: "delete", id: row.id }),
    texts.deleted,
  );

  return (
    <div className={css.page}>
      <SearchAddHeader
        title={texts.title}
        searchLabel={texts.search}
        search={search}
        onSearch={setSearch}
        addLabel={texts.add}
        onAdd={() => setEditing(null)}
      />
      <PagedScroller list={list}>
        <Table
          aria-label={texts.table}
          className={css.table}
          onRowAction={props.onRowAction ? (key) => openRow(key) : undefined}
        >
          <TableHeader>
            <Column isRowHeader className={css.columnHeader}>{props.titleColumn.label}</Column>
            {props.columns.map((column) => (
              <Column key={column.label} className={css.columnHeader}>{column.label}</Column>
            ))}
            <Column className={css.columnHeader}>{texts.actions}</Column>
          </TableHeader>
          <TableBody
            items={list.items}
            renderEmptyState={() => <TableEmpty loading={list.loading} />}
          >
            {(row) => {
              return (
                <Row id={row.id} className={css.row}>
                  <TitleCell textValue={props.titleColumn.text(row)}>
                    {props.titleColumn.value(row)}
                  </TitleCell>
                  {props.columns.map((column) => (
                    <FieldCell
                      key={column.label}
                      label={column.label}
                      textValue={column.text?.(row)}
                    >
                      {column.value(row)}
                    </FieldCell>
                  ))}
                  <ActionsCell>
                    {props.rowActions?.(row, apply)}
                    <EditDeleteButtons
                      editLabel={texts.edit(row)}
                      deleteLabel={texts.delete(row)}
                      onEdit={() => setEditing(row)}
                      onDelete={() => setDeleting(row)}
                      editDisabled={props.mayEdit && !props.mayEdit(row)}
                      deleteDisabled={props.mayDelete && !props.mayDelete(row)}
                    />
                  </ActionsCell>
                </Row>
              );
            }}
          </TableBody>
        </Table>
      </PagedScroller>
      {editing !== undefined
        ? props.dialog({
          record: editing,
          onClose: () => setEditing(undefined),
          onSaved: (record) => apply({ action: editing ? "update" : "create", record }),
        })
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={texts.deleteTitle}
        message={deleting ? texts.deleteMessage(deleting) : ""}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

const recordId = (record: { id: number }) => record.id;
