import { style } from "@vanilla-extract/css";

/** Text kept to one line, cut with an ellipsis. */
export const oneLine = style({
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
});

/** Text kept to two lines (a message or greeting in a list); long words break anywhere. */
export const twoLines = style({
  display: "-webkit-box",
  WebkitLineClamp: 2,
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
  overflowWrap: "anywhere",
});
