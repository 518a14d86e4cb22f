import { contrast } from "../../theme/contrast.ts";

/**
 * Black or white, whichever has the higher WCAG contrast on a queue's or tag's colour
 * (#rgb or #rrggbb); white on anything unreadable as a colour.
 */
export function textOn(color: string): string {
  let hex = color.trim().replace(/^#/, "");
  if (hex.length === 3) hex = [...hex].map((digit) => digit + digit).join("");
  if (!/^[0-9a-f]{6}$/i.test(hex)) return "#ffffff";
  return contrast("#000000", `#${hex}`) > contrast("#ffffff", `#${hex}`) ? "#000000" : "#ffffff";
}
