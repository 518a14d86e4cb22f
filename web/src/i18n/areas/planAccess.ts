import type { Widen } from "../widen.ts";

/** Texts of the plan's and the subscription's limits on access. Portuguese is the reference; en and es must have the same keys. */
export const planAccessPt = {
  pageDenied: "Esta empresa não possui permissão para acessar essa página! Estamos te redirecionando.",
  renew: "Renovar",
  renewCompany: "Renovar o vencimento de {{name}}",
  renewTitle: "Renovar {{name}}?",
  renewMessage: "O vencimento ({{date}}) avança pela recorrência da empresa ({{recurrence}}).",
  renewed: "{{name}}: vencimento renovado até {{date}}.",
  locked: "O acesso da sua empresa foi encerrado. Entre em contato com o Suporte.",
};

export const planAccessEn: Widen<typeof planAccessPt> = {
  pageDenied: "This company has no permission to access this page! Redirecting you.",
  renew: "Renew",
  renewCompany: "Renew the due date of {{name}}",
  renewTitle: "Renew {{name}}?",
  renewMessage: "The due date ({{date}}) advances by the company's recurrence ({{recurrence}}).",
  renewed: "{{name}}: renewed until {{date}}.",
  locked: "Your company's access has ended. Please contact Support.",
};

export const planAccessEs: Widen<typeof planAccessPt> = {
  pageDenied: "¡Esta empresa no tiene permiso para acceder a esta página! Te estamos redirigiendo.",
  renew: "Renovar",
  renewCompany: "Renovar el vencimiento de {{name}}",
  renewTitle: "¿Renovar {{name}}?",
  renewMessage: "El vencimiento ({{date}}) avanza según la recurrencia de la empresa ({{recurrence}}).",
  renewed: "{{name}}: vencimiento renovado hasta {{date}}.",
  locked: "El acceso de su empresa ha terminado. Contacte con Soporte.",
};
