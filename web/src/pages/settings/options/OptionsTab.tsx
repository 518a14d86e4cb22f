import { useSignals } from "@preact/signals-react/runtime";
import { isSuper } from "../../../app/session.ts";
import { PageLoader } from "../../../components/PageLoader.tsx";
import * as page from "../../../components/page.css.ts";
import * as css from "../settings.css.ts";
import { settingDefs } from "./settingDefs.ts";
import { SettingControl } from "./SettingControl.tsx";
import { useSettings } from "./useSettings.ts";

/** Switches and selects for the company's settings; each change is saved at once. */
export function OptionsTab() {
  useSignals();
  const { values, loaded, save } = useSettings();
  if (!loaded) return <PageLoader />;
  const defs = settingDefs.filter((def) => def.kind !== "secret" || isSuper.value);
  return (
    <div className={`${page.paper} ${css.optionsGrid}`}>
      {defs.map((def) => (
        <SettingControl
          key={def.key}
          def={def}
          value={values[def.key]}
          onSave={(value) => save(def.key, value)}
        />
      ))}
    </div>
  );
}
