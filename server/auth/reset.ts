// Where a password-reset code goes: by e-mail in the company's language when SMTP is
// configured, otherwise to the log for the operator to pass on. The log is the only place
// a code is ever written, and only in that second case.
import { eq } from "drizzle-orm";
import type { Deps } from "../http/context.ts";
import { AppError } from "../http/errors.ts";
import { companies, userDirectory } from "../../db/control/schema.ts";
import { smtpMailer } from "../mail/mailer.ts";
import { log } from "../log.ts";
import { RESET_TTL_MS } from "./service.ts";

type Language = "pt" | "en" | "es";

const texts: Record<Language, (code: string, minutes: number) => { subject: string; text: string }> = {
  pt: (code, minutes) => ({
    subject: "Código para redefinir sua senha",
    text: `Olá,\n\nSeu código para redefinir a senha é: ${code}\n\nEle vale por ${minutes} minutos. ` +
      "Se você não pediu para redefinir a senha, ignore este e-mail.\n",
  }),
  en: (code, minutes) => ({
    subject: "Your password reset code",
    text: `Hello,\n\nYour password reset code is: ${code}\n\nIt is valid for ${minutes} minutes. ` +
      "If you did not ask to reset your password, ignore this e-mail.\n",
  }),
  es: (code, minutes) => ({
    subject: "Código para restablecer su contraseña",
    text: `Hola,\n\nSu código para restablecer la contraseña es: ${code}\n\nEs válido por ${minutes} minutos. ` +
      "Si usted no pidió restablecer la contraseña, ignore este correo.\n",
  }),
};

export function resetMail(language: string, code: string) {
  const lang: Language = language === "en" || language === "es" ? language : "pt";
  return texts[lang](code, Math.round(RESET_TTL_MS / 60_000));
}

async function companyLanguage(deps: Pick<Deps, "control">, email: string) {
  const [row] = await deps.control.db.select({ language: companies.language }).from(userDirectory)
    .innerJoin(companies, eq(companies.id, userDirectory.companyId)).where(eq(userDirectory.email, email));
  return row?.language ?? "pt";
}

export function sendResetCode(deps: Pick<Deps, "config" | "control">) {
  return async (email: string, code: string) => {
    const smtp = deps.config.smtp;
    if (!smtp) {
      log.warn("password reset code issued (no SMTP configured: pass it on)", { email, code });
      return;
    }
    const mailer = smtpMailer(smtp);
    try {
      await mailer.send({ to: email, ...resetMail(await companyLanguage(deps, email), code) });
      log.info("password reset code mailed", { email });
    } catch (err) {
      log.warn("password reset mail not sent", { email, error: err instanceof Error ? err.message : String(err) });
      throw new AppError("ERR_MAIL_NOT_SENT", 503, "the e-mail could not be sent, try again later");
    } finally {
      mailer.close();
    }
  };
}
