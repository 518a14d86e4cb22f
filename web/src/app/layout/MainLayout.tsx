import { useSignals } from "@preact/signals-react/runtime";
import { type ReactNode, useEffect, useState } from "react";
import { useMediaQuery } from "../../lib/useMediaQuery.ts";
import { useConnectionsAlertWatcher } from "../../pages/connections/connectionsAlert.ts";
import { company, isAdmin, settingValue } from "../session.ts";
import { Drawer } from "./Drawer.tsx";
import * as css from "./layout.css.ts";
import { TopBar } from "./TopBar.tsx";

export const WIDE_QUERY = "(min-width: 1201px)";
export const NARROW_QUERY = "(max-width: 599px)";

/**
 * Drawer open by default above 1200 px (the sideMenu setting open|closed wins when set),
 * temporary overlay below 600 px, plus the top bar and the page.
 */
export function MainLayout({ children }: { children: ReactNode }) {
  useSignals();
  const wide = useMediaQuery(WIDE_QUERY);
  const narrow = useMediaQuery(NARROW_QUERY);
  const sideMenu = settingValue("sideMenu");
  const [open, setOpen] = useState(() => initialOpen(wide, narrow, sideMenu));
  useConnectionsAlertWatcher(isAdmin.value ? company.value?.id ?? null : null);

  useEffect(() => {
    if (narrow) setOpen(false);
  }, [narrow]);

  return (
    <div className={css.shell}>
      <TopBar drawerOpen={open} onToggleDrawer={() => setOpen((value) => !value)} />
      <div className={css.body}>
        <Drawer open={open} temporary={narrow} onClose={() => setOpen(false)} />
        <main className={css.content}>{children}</main>
      </div>
    </div>
  );
}

function initialOpen(wide: boolean, narrow: boolean, sideMenu: string | undefined): boolean {
  if (narrow) return false;
  if (sideMenu === "open") return true;
  if (sideMenu === "closed") return false;
  return wide;
}
