import { style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../theme/theme.css.ts";

export const dateRow = style({
  display: "grid",
  gridTemplateColumns: "1fr 1fr",
  gap: 12,
  "@media": { "screen and (max-width: 420px)": { gridTemplateColumns: "1fr" } },
});

export const notice = style({
  margin: 0,
  padding: "8px 12px",
  borderRadius: vars.radius.small,
  background: vars.color.hover,
  fontSize: 13,
});

export const errorNotice = style([notice, { color: vars.color.danger }]);

export const dayGroup = style({ padding: "0 0 8px" });

export const dayHeading = style({
  position: "sticky",
  top: 0,
  zIndex: 1,
  margin: 0,
  padding: "10px 16px",
  fontSize: 13,
  fontWeight: 600,
  color: vars.color.textMuted,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const item = style({
  display: "grid",
  // Fixed outer columns: every row (and the header row) lines up with the others.
  gridTemplateColumns: "112px minmax(0, 1fr) 104px 84px",
  gridTemplateAreas: '"moment summary chip actions"',
  alignItems: "center",
  gap: 12,
  padding: "8px 16px",
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": {
    "screen and (max-width: 600px)": {
      gridTemplateColumns: "auto minmax(0, 1fr) auto",
      gridTemplateAreas: '"moment chip actions" "summary summary summary"',
      rowGap: 4,
    },
  },
});

export const moment = style({
  gridArea: "moment",
  fontVariantNumeric: "tabular-nums",
  fontSize: 13,
  color: vars.color.textMuted,
  whiteSpace: "nowrap",
});

export const summary = style({
  gridArea: "summary",
  display: "flex",
  flexDirection: "column",
  minWidth: 0,
});

export const contactName = style({ fontWeight: 600 });

export const excerpt = style({
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  color: vars.color.textMuted,
  fontSize: 13,
});

export const itemActions = style({ gridArea: "actions", display: "flex", whiteSpace: "nowrap" });

const chipBase = style({
  display: "inline-flex",
  alignItems: "center",
  padding: "2px 8px",
  borderRadius: 999,
  fontSize: 12,
  fontWeight: 600,
  whiteSpace: "nowrap",
  border: "1px solid currentColor",
});

export const chipCell = style({ gridArea: "chip", justifySelf: "start" });

/** The column headers' row; on a phone the rows stack as cards and the headers only speak. */
export const columns = style({
  fontSize: 12,
  fontWeight: 600,
  color: vars.color.textMuted,
  "@media": {
    "screen and (max-width: 600px)": {
      position: "absolute",
      width: 1,
      height: 1,
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
  },
});

export const column = styleVariants({
  moment: { gridArea: "moment" },
  summary: { gridArea: "summary" },
  status: { gridArea: "chip" },
  actions: { gridArea: "actions" },
});

export const chip = styleVariants({
  PENDENTE: [chipBase, { color: vars.color.info }],
  ENVIANDO: [chipBase, { color: vars.color.info }],
  ENVIADA: [chipBase, { color: vars.color.success }],
  ERRO: [chipBase, { color: vars.color.danger }],
  INCERTO: [chipBase, { color: vars.color.warning }],
});
