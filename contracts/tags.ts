// The tags' ready colours, one list for the server (Deno) and the web (Vite): the tag
// dialog offers them, and a tag created without a colour (the spec's form sends "")
// gets one of them. Imported by relative path from both sides, so this file imports nothing.
export const TAG_PALETTE = [
  "#A4CCCC",
  "#E53935",
  "#D81B60",
  "#8E24AA",
  "#3949AB",
  "#1E88E5",
  "#00897B",
  "#43A047",
  "#C0CA33",
  "#FDD835",
  "#FB8C00",
  "#6D4C41",
] as const;
