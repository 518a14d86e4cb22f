import { useSignals } from "@preact/signals-react/runtime";
import { useDeleteConfirm } from "../../lib/useDeleteConfirm.ts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../api/index.ts";
import type { Whatsapp } from "../../api/whatsapps.ts";
import { company } from "../../app/session.ts";
import { Button } from "../../components/Button.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { Icon } from "../../components/Icon.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as page from "../../components/page.css.ts";
import { toast } from "../../components/toast.ts";
import { ConnectionDialog } from "./ConnectionDialog.tsx";
import { disconnectMessageKey, hasAlert } from "./connectionRules.ts";
import { connectionsAlert } from "./connectionsAlert.ts";
import { ConnectionsTable, type RowAction } from "./ConnectionsTable.tsx";
import { PairingDialog } from "./PairingDialog.tsx";
import { PhonePanel } from "./phone/PhonePanel.tsx";
import { QrCodeDialog } from "./QrCodeDialog.tsx";
import { useConnections } from "./useConnections.ts";

/**
 * /connections (admins): connections, their sessions, QR and pairing codes and the sandbox
 * phone.
 */
export default function ConnectionsPage() {
  useSignals();
  const { t } = useTranslation();
  const companyId = company.value?.id ?? null;
  const connections = useConnections(companyId);
  /** undefined: closed; null: adding; a number: editing that connection. */
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [disconnecting, setDisconnecting] = useState<Whatsapp | null>(null);
  /** The connection whose QR (or pairing code) dialog is open; pairing: a code was asked for. */
  const [qrFor, setQrFor] = useState<{ id: number; pairing: boolean } | null>(null);
  const [pairingFor, setPairingFor] = useState<Whatsapp | null>(null);
  const [phoneFor, setPhoneFor] = useState<number | null>(null);
  const [pending, setPending] = useState<{ id: number; action: RowAction } | null>(null);

  // While the page is open its list is the freshest: the drawer's badge follows it too.
  useEffect(() => {
    if (!connections.loading) connectionsAlert.value = hasAlert(connections.list);
  }, [connections.list, connections.loading]);

  const find = (id: number | null) =>
    id === null ? undefined : connections.list.find((whatsapp) => whatsapp.id === id);

  const runSession = async (
    action: RowAction,
    whatsapp: Whatsapp,
    call: (id: number) => Promise<unknown>,
  ) => {
    setPending({ id: whatsapp.id, action });
    try {
      await call(whatsapp.id);
      await connections.refresh(whatsapp.id);
    } catch (error) {
      toast.apiError(error);
    } finally {
      setPending(null);
    }
  };

  const onAction = (action: RowAction, whatsapp: Whatsapp) => {
    switch (action) {
      case "edit":
        return setEditing(whatsapp.id);
      case "delete":
        return setDeleting(whatsapp);
      case "phone":
        return setPhoneFor(whatsapp.id);
      case "qrcode":
        return setQrFor({ id: whatsapp.id, pairing: false });
      case "showCode":
        return setQrFor({ id: whatsapp.id, pairing: true });
      case "pairing":
        return setPairingFor(whatsapp);
      case "retry":
        return void runSession(action, whatsapp, api.whatsapps.start);
      case "newQr":
        return void runSession(action, whatsapp, api.whatsapps.newQrCode);
      case "disconnect":
        return setDisconnecting(whatsapp);
      case "connecting":
        return;
    }
  };

  const { deleting, setDeleting, confirmDelete } = useDeleteConfirm<Whatsapp>(
    api.whatsapps.remove,
    (row) => connections.remove(row.id),
    t("connections.toasts.deleted"),
  );

  /** The session is starting with a pairing number: show the code as soon as it comes. */
  const onPairingStarted = (whatsapp: Whatsapp) => {
    setPairingFor(null);
    setQrFor({ id: whatsapp.id, pairing: true });
    void connections.refresh(whatsapp.id);
  };

  const confirmDisconnect = async () => {
    if (disconnecting) await runSession("disconnect", disconnecting, api.whatsapps.disconnect);
  };

  const phoneWhatsapp = find(phoneFor);

  return (
    <div className={page.page}>
      <PageHeader title={t("connections.title")}>
        <Button onPress={() => setEditing(null)}>
          <Icon name="add" size={18} />
          {t("connections.add")}
        </Button>
      </PageHeader>
      <div className={page.scroller}>
        <ConnectionsTable
          whatsapps={connections.list}
          loading={connections.loading}
          pending={pending}
          onAction={onAction}
        />
      </div>
      {editing !== undefined
        ? (
          <ConnectionDialog
            key={editing ?? "new"}
            whatsappId={editing}
            onClose={() => setEditing(undefined)}
            onSaved={connections.upsert}
          />
        )
        : null}
      {qrFor !== null
        ? (
          <QrCodeDialog
            key={qrFor.id}
            whatsapp={find(qrFor.id)}
            expectPairing={qrFor.pairing}
            onClose={() => setQrFor(null)}
          />
        )
        : null}
      {pairingFor !== null
        ? (
          <PairingDialog
            whatsapp={pairingFor}
            onClose={() => setPairingFor(null)}
            onStarted={onPairingStarted}
          />
        )
        : null}
      {phoneWhatsapp && companyId !== null
        ? (
          <PhonePanel
            companyId={companyId}
            whatsapp={phoneWhatsapp}
            onClose={() => setPhoneFor(null)}
          />
        )
        : null}
      <ConfirmDialog
        isOpen={deleting !== null}
        title={t("connections.deleteTitle", { name: deleting?.name ?? "" })}
        message={t("connections.deleteMessage")}
        onClose={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        isOpen={disconnecting !== null}
        title={t("connections.disconnectTitle", { name: disconnecting?.name ?? "" })}
        message={t(disconnectMessageKey(disconnecting?.provider ?? "baileys"))}
        confirmLabel={t("connections.buttons.disconnect")}
        onClose={() => setDisconnecting(null)}
        onConfirm={confirmDisconnect}
      />
    </div>
  );
}
