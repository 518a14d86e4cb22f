import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DatabasePlace } from "../../../api/types.ts";
import { Button } from "../../../components/Button.tsx";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { FormSection } from "../../../components/FormSection.tsx";
import { TextInput } from "../../../components/TextInput.tsx";
import * as css from "../settings.css.ts";

interface Props {
  companyName: string;
  place: DatabasePlace | null;
  busy: boolean;
  onMove: (url: string, authToken: string) => void;
  onMoveBack: () => void;
}

/**
 * Where a company's database lives (a file here, or a libSQL server: its address, never its
 * token), and the moves between the two, each after asking.
 */
export function CompanyDatabaseSection({ companyName, place, busy, onMove, onMoveBack }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState("");
  const [token, setToken] = useState("");
  const [asking, setAsking] = useState<"move" | "moveBack" | null>(null);
  const where = !place
    ? "…"
    : place.kind === "file"
    ? t("backups.database.inFile", { url: place.url })
    : t(place.token ? "backups.database.onServerWithToken" : "backups.database.onServer", {
      url: place.url,
    });

  return (
    <FormSection title={t("backups.database.title")} isExpanded={open} onExpandedChange={setOpen}>
      <p className={css.hint}>{where}</p>
      {place?.kind === "file" && (
        <div className={css.toolbar}>
          <TextInput
            label={t("backups.database.url")}
            value={url}
            onChange={setUrl}
            type="url"
            placeholder="libsql://…"
            maxLength={2000}
          />
          <TextInput
            label={t("backups.database.token")}
            value={token}
            onChange={setToken}
            type="password"
            autoComplete="off"
            maxLength={4000}
          />
          <Button onPress={() => setAsking("move")} isDisabled={busy || !url.trim()}>
            {t("backups.database.move")}
          </Button>
        </div>
      )}
      {place?.kind === "server" && (
        <div className={css.toolbar}>
          <Button onPress={() => setAsking("moveBack")} isDisabled={busy}>
            {t("backups.database.moveBack")}
          </Button>
        </div>
      )}
      <ConfirmDialog
        isOpen={asking !== null}
        title={t(`backups.database.${asking ?? "move"}Title`)}
        message={t(`backups.database.${asking ?? "move"}Message`, {
          company: companyName,
          url: url.trim(),
        })}
        confirmLabel={t(`backups.database.${asking ?? "move"}`)}
        onClose={() =>
          setAsking(null)}
        onConfirm={() => {
          if (asking === "move") {
            onMove(url.trim(), token.trim());
          }
          if (asking === "moveBack") {
            onMoveBack();
          }
        }}
      />
    </FormSection>
  );
}
