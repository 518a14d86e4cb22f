import type { Widen } from "../widen.ts";

/** Texts of the conversation header's compact (phone) form. Portuguese is the reference. */
export const ticketHeaderPt = {
  showDetails: "Mostrar detalhes e tags",
  hideDetails: "Ocultar detalhes e tags",
};

export const ticketHeaderEn: Widen<typeof ticketHeaderPt> = {
  showDetails: "Show details and tags",
  hideDetails: "Hide details and tags",
};

export const ticketHeaderEs: Widen<typeof ticketHeaderPt> = {
  showDetails: "Mostrar detalles y etiquetas",
  hideDetails: "Ocultar detalles y etiquetas",
};
