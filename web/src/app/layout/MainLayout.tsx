import { useSignals } from "@preact/signals-react/runtime";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMediaQuery } from "../../lib/useMediaQuery.ts";
import { useConnectionsAlertWatcher } from "../../pages/connections/connectionsAlert.ts";
import { preloadAllPageCode } from "../routeLoad.ts";
import { company, isAdmin, settingValue } from "../session.ts";
import { Drawer } from "./Drawer.tsx";
import { DueBanner } from "./DueBanner.tsx";
import { AgentQuotaBanner } from "./AgentQuotaBanner.tsx";
import * as css from "./layout.css.ts";
import { TopBar } from "./TopBar.tsx";

export const WIDE_QUERY = "(min-width: 1201px)";
export const NARROW_QUERY = "(max-width: 599px)";

/**
 * Drawer open by default above 1200 px (the sideMenu setting open|closed wins when set),
 * temporary overlay below 600 px, plus the top bar and the page. A skip link, the first
 * stop of the keyboard, jumps over the bar and the menu to the page (the desk's ticket list).
 */
export function MainLayout({ children }: { children: ReactNode }) {
  useSignals();
  const wide = useMediaQuery(WIDE_QUERY);
  const narrow = useMediaQuery(NARROW_QUERY);
  const sideMenu = settingValue("sideMenu");
  const [open, setOpen] = useState(() => initialOpen(wide, narrow, sideMenu));
  useConnectionsAlertWatcher(isAdmin.value ? company.value?.id ?? null : null);
  const { t } = useTranslation();
  const main = useRef<HTMLElement>(null);

  useEffect(() => preloadAllPageCode(), []);

  useEffect(() => {
    if (narrow) setOpen(false);
  }, [narrow]);

  return (
    <div className={css.shell}>
      <a
        href="#main-content"
        className={css.skipLink}
        onClick={(event) => {
          // Focus, not just scroll: the next Tab then goes on from the page's first control.
          event.preventDefault();
          main.current?.focus();
        }}
      >
        {t("polish.skipToContent")}
      </a>
      <TopBar drawerOpen={open} onToggleDrawer={() => setOpen((value) => !value)} />
      <div className={css.body}>
        <Drawer open={open} temporary={narrow} onClose={() => setOpen(false)} />
        <main id="main-content" ref={main} tabIndex={-1} className={css.content}>
          <DueBanner />
          <AgentQuotaBanner />
          {children}
        </main>
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
