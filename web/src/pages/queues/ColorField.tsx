import {
  ColorSwatch,
  ColorSwatchPicker,
  ColorSwatchPickerItem,
  Label,
} from "react-aria-components";
import { useTranslation } from "react-i18next";
import { TextInput } from "../../components/TextInput.tsx";
import * as controls from "../../components/controls.css.ts";
import { isTaken, QUEUE_COLORS } from "./queueForm.ts";
import * as css from "./queues.css.ts";

interface Props {
  value: string;
  onChange: (color: string) => void;
  /** Colours other queues hold: shown, not choosable. */
  taken: readonly string[];
  error: string | null;
}

const HEX = /^#[0-9a-f]{3,8}$/i;
// The picker always needs a colour; a fully transparent one matches no swatch.
const NONE = "#0000";

/** The spec's 50-colour palette (arrow keys move, Enter or Space picks) and the code itself. */
export function ColorField({ value, onChange, taken, error }: Props) {
  const { t } = useTranslation();
  return (
    <div className={controls.field}>
      <Label id="queue-palette-label" className={controls.label}>{t("queues.form.palette")}</Label>
      <ColorSwatchPicker
        aria-labelledby="queue-palette-label"
        className={css.palette}
        value={HEX.test(value.trim()) ? value.trim() : NONE}
        onChange={(color) => onChange(color.toString("hex").toUpperCase())}
      >
        {QUEUE_COLORS.map((color) => {
          const used = isTaken(color, taken);
          return (
            <ColorSwatchPickerItem
              key={color}
              color={color}
              isDisabled={used}
              aria-label={used ? t("queues.form.colorInUse", { name: color }) : color}
              className={css.paletteItem}
            >
              <ColorSwatch className={css.paletteSwatch} />
            </ColorSwatchPickerItem>
          );
        })}
      </ColorSwatchPicker>
      <div className={css.colorRow}>
        <span
          className={`${css.swatch} ${css.preview}`}
          style={{ background: HEX.test(value.trim()) ? value.trim() : "transparent" }}
          aria-hidden="true"
        />
        <TextInput
          label={t("queues.form.colorCode")}
          value={value}
          onChange={onChange}
          error={error}
          description={t("queues.form.colorCodeHint")}
          maxLength={9}
          autoComplete="off"
        />
      </div>
    </div>
  );
}
