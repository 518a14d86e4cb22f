import { QRCodeSVG } from "qrcode.react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Whatsapp } from "../../api/whatsapps.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { Button } from "../../components/Button.tsx";
import { showsPairingCode } from "./connectionRules.ts";
import * as css from "./connections.css.ts";
import { PairingCode } from "./PairingCode.tsx";

export const QR_SIZE = 256;

interface Props {
  /** The live row (undefined once the connection is gone). */
  whatsapp: Whatsapp | undefined;
  /** Opened right after asking for a pairing code: wait for the code, not for a QR. */
  expectPairing?: boolean;
  onClose: () => void;
}

/**
 * The QR code to scan, or while the status is PAIRING the code to type on the phone. It
 * follows the live row, so a new QR or code replaces the old one; when it becomes empty
 * (used, or the session stopped) or the connection is CONNECTED, the dialog closes by itself.
 */
export function QrCodeDialog({ whatsapp, expectPairing = false, onClose }: Props) {
  const { t } = useTranslation();
  const qrcode = whatsapp?.qrcode ?? "";
  const seen = useRef(false);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  const pairing = showsPairingCode(whatsapp?.status, expectPairing);

  useEffect(() => {
    if (!whatsapp || whatsapp.status === "CONNECTED") return closeRef.current();
    if (qrcode) seen.current = true;
    else if (seen.current) closeRef.current();
  }, [whatsapp, qrcode]);

  return (
    <AppDialog
      title={t(pairing ? "connections.pairing.codeTitle" : "connections.qr.title", {
        name: whatsapp?.name ?? "",
      })}
      isOpen
      onClose={onClose}
      footer={<Button variant="secondary" onPress={onClose}>{t("common.close")}</Button>}
    >
      <div className={css.qrBody}>
        {pairing ? <PairingCode code={qrcode} /> : <QrCode qrcode={qrcode} />}
      </div>
    </AppDialog>
  );
}

/** The steps to link by QR and the QR itself (a note while it has not come yet). */
function QrCode({ qrcode }: { qrcode: string }) {
  const { t } = useTranslation();
  return (
    <>
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
    </>
  );
}
