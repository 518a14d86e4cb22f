import type { Widen } from "../widen.ts";

/** Texts of the plan's and the subscription's limits on access. Portuguese is the reference; en and es must have the same keys. */
export const planAccessPt = {
  pageDenied: "Esta empresa não possui permissão para acessar essa página! Estamos te redirecionando.",
};

export const planAccessEn: Widen<typeof planAccessPt> = {
  pageDenied: "This company has no permission to access this page! Redirecting you.",
};

export const planAccessEs: Widen<typeof planAccessPt> = {
  pageDenied: "¡Esta empresa no tiene permiso para acceder a esta página! Te estamos redirigiendo.",
};
