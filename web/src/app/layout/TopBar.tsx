import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../components/IconButton.tsx";
import { Logo } from "../../components/Logo.tsx";
import { currentUser } from "../session.ts";
import * as css from "./layout.css.ts";
import { AnnouncementsPopover } from "./AnnouncementsPopover.tsx";
import { LanguagePicker } from "./LanguagePicker.tsx";
import { NotificationsBell } from "./NotificationsBell.tsx";
import { ChatsPopover } from "./ChatsPopover.tsx";
import { ThemeToggle } from "./ThemeToggle.tsx";
import { UserMenu } from "./UserMenu.tsx";
import { VolumeControl } from "./VolumeControl.tsx";

interface Props {
  drawerOpen: boolean;
  onToggleDrawer: () => void;
}

export function TopBar({ drawerOpen, onToggleDrawer }: Props) {
  useSignals();
  const { t } = useTranslation();
  return (
    <header className={css.topBar}>
      <IconButton
        icon={drawerOpen ? "chevronLeft" : "menu"}
        label={drawerOpen ? t("layout.closeMenu") : t("layout.openMenu")}
        onPress={onToggleDrawer}
        aria-expanded={drawerOpen}
      />
      <div className={css.brand}>
        <Logo size={28} />
      </div>
      {currentUser.value
        ? (
          <span className={css.greeting}>
            {t("layout.greeting", { name: currentUser.value.name })}
          </span>
        )
        : null}
      <LanguagePicker />
      <ThemeToggle />
      <VolumeControl />
      <IconButton icon="refresh" label={t("layout.refresh")} onPress={() => location.reload()} />
      <ChatsPopover />
      <AnnouncementsPopover />
      <NotificationsBell />
      <UserMenu />
    </header>
  );
}
