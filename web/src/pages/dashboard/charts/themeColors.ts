/** Canvas drawing cannot read CSS variables: resolve the theme's colours to values. */
import { vars } from "../../../theme/theme.css.ts";

function resolve(variable: string, fallback: string): string {
  const name = /var\((--[^),\s]+)/.exec(variable)?.[1];
  if (!name) return fallback;
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value || fallback;
}

export interface ChartColors {
  bar: string;
  text: string;
  grid: string;
}

/** The colours of the theme now applied to the document (call again after a theme switch). */
export function chartColors(): ChartColors {
  return {
    bar: resolve(vars.color.primary, "#2979FF"),
    text: resolve(vars.color.text, "#1c1f24"),
    grid: resolve(vars.color.border, "#d6dbe1"),
  };
}
