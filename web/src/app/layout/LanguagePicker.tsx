import { useSignals } from "@preact/signals-react/runtime";
import { type Key, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/Button.tsx";
import { Icon } from "../../components/Icon.tsx";
import { IconButton } from "../../components/IconButton.tsx";
import * as overlay from "../../components/overlay.css.ts";
import { isLanguage, languages } from "../../i18n/index.ts";
import { language, setLanguage } from "../prefs.ts";
import * as css from "./layout.css.ts";

/** Language menu (pt, en, es); the current one is checked. `labelled` shows its name. */
export function LanguagePicker({ labelled = false }: { labelled?: boolean }) {
  useSignals();
  const { t } = useTranslation();
  const choose = (key: Key) => {
    if (isLanguage(key)) void setLanguage(key);
  };
  return (
    <MenuTrigger>
      {labelled
        ? (
          <Button
            variant="ghost"
            aria-label={`${t("layout.language")}: ${t(`languages.${language.value}`)}`}
          >
            <Icon name="language" size={18} />
            {t(`languages.${language.value}`)}
          </Button>
        )
        : <IconButton icon="language" label={t("layout.language")} />}
      <Popover className={css.popover} placement="bottom end">
        <Menu
          className={overlay.menu}
          aria-label={t("layout.language")}
          selectionMode="single"
          selectedKeys={[language.value]}
          onAction={choose}
        >
          {languages.map((code) => (
            <MenuItem key={code} id={code} className={overlay.menuItem} lang={code}>
              {t(`languages.${code}`)}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
