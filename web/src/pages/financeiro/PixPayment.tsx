import { QRCodeSVG } from "qrcode.react";
import { useTranslation } from "react-i18next";
import type { PixCharge } from "../../api/billing.ts";
import { Button } from "../../components/Button.tsx";
import { toast } from "../../components/toast.ts";
import { formatBRL } from "../../lib/format.ts";
import * as css from "./billing.css.ts";

/** Seed 001's QR size. */
const QR_SIZE = 256;

/** The PIX to pay: its QR code, its value, and the "copia e cola" code with a copy button. */
export function PixPayment({ charge }: { charge: PixCharge }) {
  const { t } = useTranslation();
  const value = formatBRL(charge.value);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.qrcode);
      toast.success(t("billing.checkout.copied"));
    } catch {
      toast.error(t("connections.form.copyFailed"));
    }
  };
  return (
    <div className={css.pix}>
      <p>{t("billing.checkout.pixHelp")}</p>
      <div className={css.qr} role="img" aria-label={t("billing.checkout.qrLabel", { value })}>
        <QRCodeSVG value={charge.qrcode} size={QR_SIZE} />
      </div>
      <output className={css.value}>{value}</output>
      <label className={css.codeLabel}>
        {t("billing.checkout.pixCode")}
        <textarea
          className={css.code}
          readOnly
          value={charge.qrcode}
          onFocus={(e) => e.currentTarget.select()}
        />
      </label>
      <Button variant="secondary" onPress={copy}>{t("billing.checkout.copy")}</Button>
    </div>
  );
}
