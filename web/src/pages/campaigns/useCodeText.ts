import { useTranslation } from "react-i18next";

/** A catalogue code (a pause reason, a failed send) in the user's language, the code itself when the catalogue lacks it. */
export function useCodeText(): (code: string) => string {
  const { t, i18n } = useTranslation();
  return (code) => (i18n.exists(`errors.${code}`) ? t(`errors.${code}`) : code);
}
