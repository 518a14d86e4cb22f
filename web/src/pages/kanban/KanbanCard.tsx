import { type Key, Link, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../components/IconButton.tsx";
import * as controls from "../../components/controls.css.ts";
import * as overlay from "../../components/overlay.css.ts";
import { TicketChip } from "../tickets/TicketChip.tsx";
import { listTime } from "../tickets/time.ts";
import { plainText } from "../../lib/whatsappText.ts";
import { collectedData, type KanbanTicket, type Lane, type LaneKey } from "./board.ts";
import * as css from "./kanban.css.ts";

interface Props {
  ticket: KanbanTicket;
  /** The lanes it may be moved to (the "move to" menu, the keyboard's way besides drag and drop). */
  targets: Lane[];
  laneName: (lane: Lane) => string;
  onMove: (ticketId: number, target: LaneKey) => void;
  onShowData: (ticket: KanbanTicket) => void;
}

/** A card: number, contact, last message, time, connection and queue, see-ticket, collected data, move. */
export function KanbanCard({ ticket, targets, laneName, onMove, onShowData }: Props) {
  const { t } = useTranslation();
  const hasData = collectedData(ticket).length > 0;
  const onAction = (key: Key) => onMove(ticket.id, key === "open" ? "open" : Number(key));
  return (
    <div className={css.cardBody}>
      <div className={css.cardTop}>
        <IconButton
          slot="drag"
          icon="dragHandle"
          size={18}
          label={t("tags.kanban.drag", { id: ticket.id })}
        />
        <span className={css.number}>{t("tags.kanban.ticketNumber", { id: ticket.id })}</span>
        <span className={css.time}>{listTime(ticket.updatedAt)}</span>
      </div>
      <span className={css.contactName}>{ticket.contact.name}</span>
      <span className={css.contactNumber}>{ticket.contact.number}</span>
      {ticket.lastMessage ? <span className={css.lastMessage}>{plainText(ticket.lastMessage)}</span> : null}
      <span className={css.chips}>
        {ticket.whatsapp
          ? <TicketChip label={t("tags.kanban.connection")}>{ticket.whatsapp.name}</TicketChip>
          : null}
        {ticket.queue
          ? (
            <TicketChip label={t("tags.kanban.queue")} color={ticket.queue.color}>
              {ticket.queue.name}
            </TicketChip>
          )
          : null}
      </span>
      <div className={css.cardActions}>
        <Link href={`/tickets/${ticket.uuid}`} className={css.seeTicket}>
          {t("tags.kanban.seeTicket")}
        </Link>
        {hasData
          ? (
            <IconButton
              icon="fileDocument"
              label={t("tags.kanban.collectedData")}
              onPress={() => onShowData(ticket)}
            />
          )
          : null}
        <MenuTrigger>
          <IconButton icon="moreVert" label={t("tags.kanban.moveTicket", { id: ticket.id })} />
          <Popover className={controls.popover} placement="bottom end">
            <Menu
              className={overlay.menu}
              aria-label={t("tags.kanban.moveTicket", { id: ticket.id })}
              onAction={onAction}
            >
              {targets.map((lane) => (
                <MenuItem key={String(lane.key)} id={String(lane.key)} className={overlay.menuItem}>
                  {t("tags.kanban.moveTo", { lane: laneName(lane) })}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      </div>
    </div>
  );
}
