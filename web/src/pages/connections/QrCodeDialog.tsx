import { QRCodeSVG } from "qrcode.react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Whatsapp } from "../../api/whatsapps.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { Button } from "../../components/Button.tsx";
import * as css from "./connections.css.ts";

export const QR_SIZE = 256;

interface Props {
  /** The live row (undefined once the connection is gone). */
  whatsapp: Whatsapp | undefined;
  onClose: () => void;
}

/**
 * The QR code to scan. It follows the live row, so a new QR replaces the old one; when
 * the QR becomes empty (scanned, or the session stopped) the dialog closes by itself.
 */
export function QrCodeDialog({ whatsapp, onClose }: Props) {
  const { t } = useTranslation();
  const qrcode = whatsapp?.qrcode ?? "";
  const seen = useRef(false);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    if (!whatsapp) return closeRef.current();
    if (qrcode) seen.current = true;
    else if (seen.current || whatsapp.status === "CONNECTED") closeRef.current();
  }, [whatsapp, qrcode]);

  return (
    <AppDialog
      title={t("connections.qr.title", { name: whatsapp?.name ?? "" })}
      isOpen
      onClose={onClose}
      footer={<Button variant="secondary" onPress={onClose}>{t("common.close")}</Button>}
    >
      <div className={css.qrBody}>
        <ol className={css.steps}>
          <li>{t("connections.qr.step1")}</li>
          <li>{t("connections.qr.step2")}</li>
          <li>{t("connections.qr.step3")}</li>
        </ol>
        {qrcode
          ? (
            <div className={css.qrFrame}>
              <QRCodeSVG
                value={qrcode}
                size={QR_SIZE}
                role="img"
                aria-label={t("connections.qr.imageLabel")}
              />
            </div>
          )
          : <p className={css.muted} role="status">{t("connections.qr.waiting")}</p>}
      </div>
    </AppDialog>
  );
}
