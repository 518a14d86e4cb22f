import { useSignals } from "@preact/signals-react/runtime";
import { Link } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import { Icon } from "../../components/Icon.tsx";
import * as badge from "../../pages/connections/alertBadge.css.ts";
import * as page from "../../components/page.css.ts";
import { CONNECTIONS_PATH, connectionsAlert } from "../../pages/connections/connectionsAlert.ts";
import { preloadPage } from "../routeLoad.ts";
import { APP_VERSION } from "../version.ts";
import { isAdmin, isStaff, isSuper, isSupervisor, plan } from "../session.ts";
import { campaignsShown } from "../campaignsFlag.ts";
import * as css from "./layout.css.ts";
import { menuEntries, type MenuEntry, visibleEntries } from "./menu.ts";

interface Props {
  /** Icons only (collapsed persistent drawer). */
  mini: boolean;
  /** Called after an entry is chosen (closes a temporary drawer). */
  onNavigate?: () => void;
}

/** The side menu: entries filtered by profile and plan, the version label at the bottom. */
export function NavMenu({ mini, onNavigate }: Props) {
  useSignals();
  const { t } = useTranslation();
  const [location] = useLocation();
  const groups = visibleEntries(menuEntries, {
    isAdmin: isAdmin.value,
    isSuper: isSuper.value,
    plan: plan.value,
    isStaff: isStaff.value,
    isSupervisor: isSupervisor.value,
    campaignsFlag: campaignsShown.value,
  });

  const renderEntry = (entry: MenuEntry) => {
    const label = t(entry.labelKey);
    const current = location === entry.path || location.startsWith(`${entry.path}/`);
    // The connections entry carries an alert badge while a connection needs attention.
    const alert = entry.path === CONNECTIONS_PATH && connectionsAlert.value;
    const alertText = alert ? t("connections.alertBadge") : "";
    return (
      <li key={entry.path}>
        <Link
          href={entry.path}
          className={css.navLink}
          aria-current={current ? "page" : undefined}
          aria-label={entry.nameKey
            ? t(entry.nameKey)
            : mini
            ? (alert ? `${label} (${alertText})` : label)
            : undefined}
          onPress={onNavigate}
          onHoverStart={() => void preloadPage(entry.path)}
        >
          <span className={badge.iconWrap}>
            <Icon name={entry.icon} size={22} />
            {alert ? <span className={badge.dot} aria-hidden="true" /> : null}
          </span>
          {mini ? null : <span>{label}</span>}
          {alert && !mini ? <span className={page.visuallyHidden}>{alertText}</span> : null}
        </Link>
      </li>
    );
  };

  return (
    <>
      <nav className={css.nav} aria-label={t("layout.mainMenu")}>
        <ul className={css.navList}>{groups.main.map(renderEntry)}</ul>
        {groups.campaigns.length > 0
          ? (
            <>
              {mini ? null : <div className={css.sectionTitle}>{t("campaigns.menu.group")}</div>}
              <ul className={css.navList} aria-label={t("campaigns.menu.group")}>
                {groups.campaigns.map(renderEntry)}
              </ul>
            </>
          )
          : null}
        {groups.admin.length > 0
          ? (
            <>
              {mini ? null : <div className={css.sectionTitle}>{t("layout.administration")}</div>}
              <ul className={css.navList} aria-label={t("layout.administration")}>
                {groups.admin.map(renderEntry)}
              </ul>
            </>
          )
          : null}
      </nav>
      <div className={css.version}>
        {mini ? `v${APP_VERSION}` : t("app.version", { version: APP_VERSION })}
      </div>
    </>
  );
}
