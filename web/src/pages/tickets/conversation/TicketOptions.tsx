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

/** Schedule, transfer, delete (admins only) and the contact's notes. */
export function TicketOptions({ onAction }: { onAction: (option: TicketOption) => void }) {
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
          onAction={(key: Key) => onAction(key as TicketOption)}
        >
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
