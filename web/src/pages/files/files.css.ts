import { style } from "@vanilla-extract/css";

export const options = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 8 });

export const option = style({
  display: "grid",
  gridTemplateColumns: "1fr auto auto",
  alignItems: "end",
  gap: 8,
  "@media": { "screen and (max-width: 600px)": { gridTemplateColumns: "1fr auto" } },
});
