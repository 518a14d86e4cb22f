import { Input, SearchField } from "react-aria-components";
import * as controls from "./controls.css.ts";
import * as css from "./page.css.ts";

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** Search box (Escape clears); the label is the accessible name. */
export function SearchInput({ label, value, onChange }: Props) {
  return (
    <SearchField
      className={`${controls.field} ${css.searchBox}`}
      value={value}
      onChange={onChange}
      aria-label={label}
    >
      <Input className={controls.input} placeholder={label} />
    </SearchField>
  );
}
