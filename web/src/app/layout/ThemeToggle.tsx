import { useSignals } from "@preact/signals-react/runtime";
import { ToggleButton } from "react-aria-components";
import { useTranslation } from "react-i18next";
import * as controls from "../../components/controls.css.ts";
import { Icon } from "../../components/Icon.tsx";
import { theme, toggleTheme } from "../prefs.ts";

/** Dark mode on/off (kept in localStorage "preferredTheme"). */
export function ThemeToggle() {
  useSignals();
  const { t } = useTranslation();
  const dark = theme.value === "dark";
  return (
    <ToggleButton
      className={controls.iconButton}
      isSelected={dark}
      onChange={toggleTheme}
      aria-label={t("layout.darkMode")}
    >
      <Icon name={dark ? "sun" : "moon"} />
    </ToggleButton>
  );
}
