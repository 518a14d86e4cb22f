import { useTranslation } from "react-i18next";
import { IconButton } from "../../components/IconButton.tsx";
import { toast } from "../../components/toast.ts";
import * as css from "./messagesApi.css.ts";

/** A code sample with a copy button. */
export function CodeBlock({ code, label }: { code: string; label: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      toast.success(t("messagesApi.copied"));
    } catch {
      toast.error(t("messagesApi.copyFailed"));
    }
  };
  return (
    <div className={css.codeWrap}>
      <pre className={css.code} aria-label={label} tabIndex={0}>
        <code>{code}</code>
      </pre>
      <span className={css.copy}>
        <IconButton icon="copy" label={t("messagesApi.copy", { name: label })} onPress={copy} />
      </span>
    </div>
  );
}
