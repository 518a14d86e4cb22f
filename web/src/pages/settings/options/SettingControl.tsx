import { useTranslation } from "react-i18next";
import { SelectField } from "../../../components/SelectField.tsx";
import { SwitchField } from "../../../components/SwitchField.tsx";
import { durationParts, type SettingDef } from "./settingDefs.ts";
import { SecretField } from "./SecretField.tsx";
import { TimezoneField } from "./TimezoneField.tsx";
import { WordsField } from "./WordsField.tsx";

interface Props {
  def: SettingDef;
  value: string | undefined;
  onSave: (value: string) => void;
}

/** One setting, edited with the widget its kind calls for, and a line saying what it does. */
export function SettingControl({ def, value, onSave }: Props) {
  const { t } = useTranslation();
  const label = t(`settings.keys.${def.key}`);
  const description = t(`settingDescriptions.${def.key}`);
  switch (def.kind) {
    case "switch":
      return (
        <SwitchField
          label={label}
          description={description}
          isSelected={value === "enabled"}
          onChange={(on) => onSave(on ? "enabled" : "disabled")}
        />
      );
    case "select":
      return (
        <SelectField
          label={label}
          description={description}
          options={def.values.map((id) => ({ id, label: t(`${def.labelPrefix}.${id}`) }))}
          value={value ?? null}
          onChange={onSave}
        />
      );
    case "duration": {
      const current = Number(value);
      const seconds = Number.isFinite(current) && current > 0 && !def.seconds.includes(current)
        ? [current, ...def.seconds]
        : def.seconds;
      return (
        <SelectField
          label={label}
          description={description}
          options={seconds.map((count) => {
            const parts = durationParts(count);
            return {
              id: String(count),
              label: t(`settings.durations.${parts.unit}`, { count: parts.count }),
            };
          })}
          value={value ?? null}
          onChange={onSave}
        />
      );
    }
    case "timezone":
      return (
        <TimezoneField
          label={label}
          description={description}
          value={value ?? ""}
          onChange={onSave}
        />
      );
    case "words":
      return <WordsField label={label} description={description} value={value ?? ""} onSave={onSave} />;
    case "text":
      return (
        <WordsField label={label} description={description} value={value ?? ""} onSave={onSave} maxLength={def.maxLength} single />
      );
    case "secret":
      return (
        <SecretField label={label} description={description} value={value ?? ""} onSave={onSave} />
      );
  }
}
