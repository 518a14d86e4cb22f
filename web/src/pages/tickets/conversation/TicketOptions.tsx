import { useSignals } from "@preact/signals-react/runtime";
import {
  Button as AriaButton,
  type Key,
  Menu,
  MenuItem,
  MenuTrigger,
  Popover,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { isAdmin } from "../../../app/session.ts";
import * as controls from "../../../components/controls.css.ts";
import { Icon } from "../../../components/Icon.tsx";

export type TicketOption = "schedule" | "transfer" | "delete" | "notes";

interface Props {
  onAction: (option: TicketOption) => void;
  /** The compact (phone) header folds its details and tags away; this item unfolds them. */
  details?: { shown: boolean; onToggle: () => void };
}

/** Schedule, transfer, delete (admins only) and the contact's notes. */
export function TicketOptions({ onAction, details }: Props) {
  useSignals();
  const { t } = useTranslation();
  const admin = isAdmin.value;
  return (
    <MenuTrigger>
      <AriaButton className={controls.iconButton} aria-label={t("chat.options.label")}>
        <Icon name="moreVert" />
      </AriaButton>
      <Popover className={controls.popover} placement="bottom end">
        <Menu
          className={controls.listBox}
          aria-label={t("chat.options.label")}
          onAction={(key: Key) =>
            key === "details" ? details?.onToggle() : onAction(key as TicketOption)}
        >
          {details
            ? (
              <MenuItem id="details" className={controls.option}>
                {details.shown ? t("ticketHeader.hideDetails") : t("ticketHeader.showDetails")}
              </MenuItem>
            )
            : null}
          <MenuItem id="schedule" className={controls.option}>
            {t("chat.options.schedule")}
          </MenuItem>
          <MenuItem id="transfer" className={controls.option}>
            {t("chat.options.transfer")}
          </MenuItem>
          {admin
            ? (
              <MenuItem id="delete" className={controls.option}>
                {t("chat.options.delete")}
              </MenuItem>
            )
            : null}
          <MenuItem id="notes" className={controls.option}>{t("chat.options.notes")}</MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
