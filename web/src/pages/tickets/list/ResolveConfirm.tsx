import { useSignals } from "@preact/signals-react/runtime";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { resolveQuestion } from "./resolve.ts";

/** "Este ticket é de {{name}}. Resolver mesmo assim?": mounted once by the desk. */
export function ResolveConfirm() {
  useSignals();
  const { t } = useTranslation();
  const ask = resolveQuestion.value;
  return (
    <ConfirmDialog
      isOpen={ask !== null}
      title={t("alerts.confirmTitle")}
      message={t("alerts.confirmMessage", { name: ask?.name ?? "" })}
      confirmLabel={t("alerts.confirmResolve")}
      confirmVariant="primary"
      onConfirm={() => ask?.answer(true)}
      onClose={() => ask?.answer(false)}
    />
  );
}
