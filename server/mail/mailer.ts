// Outgoing mail over SMTP (nodemailer), configured by SMTP_* and MAIL_FROM. Every stage of
// the conversation with the mail server has a timeout, so a silent server cannot hold a
// request open.
import type { Transporter } from "nodemailer";
import type { SmtpConfig } from "../config.ts";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

export function smtpMailer(c: SmtpConfig): Mailer {
  // nodemailer is loaded with the first mail, not with the server: most sign-ins never need it.
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: c.host,
        port: c.port,
        secure: c.secure,
        auth: c.user ? { user: c.user, pass: c.pass ?? "" } : undefined,
        ...SMTP_TIMEOUTS,
        // nodemailer's own log would print the message, code included.
        logger: false,
      })
    );
  return {
    async send(mail) {
      await (await open()).sendMail({ from: c.from, ...mail });
    },
    close: () => void transport?.then((t) => t.close()),
  };
}
