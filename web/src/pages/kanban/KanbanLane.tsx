import { useMemo } from "react";
import {
  type DragAndDropHooks,
  GridList,
  GridListItem,
  isTextDropItem,
  useDragAndDrop,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { textOn } from "../tickets/color.ts";
import {
  type KanbanTicket,
  type Lane,
  type LaneKey,
  parseDraggedTicket,
  TICKET_DRAG_TYPE,
} from "./board.ts";
import { KanbanCard } from "./KanbanCard.tsx";
import * as css from "./kanban.css.ts";

interface Props {
  lane: Lane;
  lanes: Lane[];
  laneName: (lane: Lane) => string;
  onMove: (ticketId: number, target: LaneKey) => void;
  onShowData: (ticket: KanbanTicket) => void;
}

/**
 * One lane: a react-aria grid list whose cards drag to other lanes (pointer, or keyboard from
 * the card's drag handle: Enter, Tab to a lane, Enter) and which takes the cards dropped on it.
 */
export function KanbanLane({ lane, lanes, laneName, onMove, onShowData }: Props) {
  const { t } = useTranslation();
  const name = laneName(lane);
  const { dragAndDropHooks } = useDragAndDrop<KanbanTicket>({
    getItems: (keys) =>
      [...keys].map((key) => ({ [TICKET_DRAG_TYPE]: String(key), "text/plain": `#${key}` })),
    acceptedDragTypes: [TICKET_DRAG_TYPE],
    // Anywhere on the lane is the same drop, the lane itself (the lane's order is the list's,
    // not the user's): a card is no target, so the keyboard meets one target per lane.
    getDropOperation: (target) => target.type === "root" ? "move" : "cancel",
    onDrop: async (event) => {
      for (const item of event.items) {
        if (!isTextDropItem(item) || !item.types.has(TICKET_DRAG_TYPE)) continue;
        const ticketId = parseDraggedTicket(await item.getText(TICKET_DRAG_TYPE));
        if (ticketId !== null) onMove(ticketId, lane.key);
      }
    },
  });
  const hooks = useNamedDrop(dragAndDropHooks, t("tags.kanban.dropOn", { name }));
  const targets = lanes.filter((other) => other.key !== lane.key);
  const color = lane.tag?.color;
  return (
    <section
      className={css.lane}
      aria-label={t("tags.kanban.lane", { name })}
      data-lane={String(lane.key)}
    >
      <header className={css.laneHeader}>
        <span
          className={css.laneTitle}
          style={color ? { background: color, color: textOn(color) } : undefined}
        >
          {name}
        </span>
        <span className={css.laneCount}>
          {t("tags.kanban.count", { count: lane.tickets.length })}
        </span>
      </header>
      <GridList
        aria-label={t("tags.kanban.lane", { name })}
        className={css.cards}
        items={lane.tickets}
        dragAndDropHooks={hooks}
        renderEmptyState={() => <div className={css.empty}>{t("tags.kanban.empty")}</div>}
      >
        {(ticket) => (
          <GridListItem
            id={ticket.id}
            textValue={`${t("tags.kanban.ticketNumber", { id: ticket.id })} ${ticket.contact.name}`}
            className={css.card}
          >
            <KanbanCard
              ticket={ticket}
              targets={targets}
              laneName={laneName}
              onMove={onMove}
              onShowData={onShowData}
            />
          </GridListItem>
        )}
      </GridList>
    </section>
  );
}

/**
 * The lane's drop target named by the lane ("Soltar na coluna Feito"): react-aria labels it
 * "Soltar" and leaves the lane to a second, referenced label.
 */
function useNamedDrop(hooks: DragAndDropHooks, label: string): DragAndDropHooks {
  return useMemo(() => {
    const indicator = hooks.useDropIndicator;
    if (!indicator) return hooks;
    return {
      ...hooks,
      useDropIndicator: (props, state, ref) => {
        const aria = indicator(props, state, ref);
        if (props.target.type !== "root") return aria;
        return {
          ...aria,
          dropIndicatorProps: {
            ...aria.dropIndicatorProps,
            "aria-label": label,
            "aria-labelledby": undefined,
          },
        };
      },
    };
  }, [hooks, label]);
}
