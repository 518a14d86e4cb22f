import { type Key, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/Icon.tsx";
import { IconButton } from "../../components/IconButton.tsx";
import * as overlay from "../../components/overlay.css.ts";
import { logout } from "../session.ts";
import * as css from "./layout.css.ts";
import { ProfileDialog } from "./ProfileDialog.tsx";

/** Profile (edit own name, email, password) and logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const [profileOpen, setProfileOpen] = useState(false);
  const onAction = (key: Key) => {
    if (key === "profile") setProfileOpen(true);
    if (key === "logout") void logout();
  };
  return (
    <>
      <MenuTrigger>
        <IconButton icon="account" label={t("layout.userMenu")} size={24} />
        <Popover className={css.popover} placement="bottom end">
          <Menu className={overlay.menu} aria-label={t("layout.userMenu")} onAction={onAction}>
            <MenuItem id="profile" className={overlay.menuItem}>
              <Icon name="account" size={18} />
              {t("layout.profile")}
            </MenuItem>
            <MenuItem id="logout" className={overlay.menuItem}>
              <Icon name="logout" size={18} />
              {t("layout.logout")}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      {profileOpen ? <ProfileDialog onClose={() => setProfileOpen(false)} /> : null}
    </>
  );
}
