import { useId } from "react";
import { ColorSwatch, ColorSwatchPicker, ColorSwatchPickerItem, Label } from "react-aria-components";
import { TextInput } from "./TextInput.tsx";
import * as controls from "./controls.css.ts";
import * as css from "./ColorField.css.ts";

interface Props {
  value: string;
  onChange: (color: string) => void;
  error: string | null;
  /** The swatches offered (arrow keys move, Enter or Space picks). */
  colors: readonly string[];
  paletteLabel: string;
  codeLabel: string;
  codeHint?: string;
  maxLength: number;
  /** A colour shown but not choosable (another queue holds it), with the name it is read by. */
  unavailable?: (color: string) => string | null;
}

const HEX = /^#[0-9a-f]{3,8}$/i;
// The picker always needs a colour; a fully transparent one matches no swatch.
const NONE = "#0000";

/** A colour from a palette, or typed as its code: the queue and tag dialogs alike. */
export function ColorField(p: Props) {
  const paletteId = useId();
  const typed = p.value.trim();
  const valid = HEX.test(typed) ? typed : null;
  return (
    <div className={controls.field}>
      <Label id={paletteId} className={controls.label}>{p.paletteLabel}</Label>
      <ColorSwatchPicker
        aria-labelledby={paletteId}
        className={css.palette}
        value={valid ?? NONE}
        onChange={(color) => p.onChange(color.toString("hex").toUpperCase())}
      >
        {p.colors.map((color) => {
          const held = p.unavailable?.(color) ?? null;
          return (
            <ColorSwatchPickerItem
              key={color}
              color={color}
              isDisabled={held !== null}
              aria-label={held ?? color}
              className={css.paletteItem}
            >
              <ColorSwatch className={css.paletteSwatch} />
            </ColorSwatchPickerItem>
          );
        })}
      </ColorSwatchPicker>
      <div className={css.colorRow}>
        <span className={css.preview} style={{ background: valid ?? "transparent" }} aria-hidden="true" />
        <TextInput
          label={p.codeLabel}
          value={p.value}
          onChange={p.onChange}
          error={p.error}
          description={p.codeHint}
          maxLength={p.maxLength}
          autoComplete="off"
        />
      </div>
    </div>
  );
}
