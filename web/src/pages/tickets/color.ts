/** Black or white, whichever reads better on a queue's colour (#rgb or #rrggbb). */
export function textOn(color: string): string {
  let hex = color.trim().replace(/^#/, "");
  if (hex.length === 3) hex = [...hex].map((digit) => digit + digit).join("");
  if (!/^[0-9a-f]{6}$/i.test(hex)) return "#ffffff";
  const [r, g, b] = [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16));
  // Perceived brightness (ITU-R BT.601 weights); above the middle, dark text.
  return (r * 299 + g * 587 + b * 114) / 1000 > 150 ? "#000000" : "#ffffff";
}
