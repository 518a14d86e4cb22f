import { FileTrigger } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { accepts, type AttachmentValue, attachmentShown } from "../lib/attachment.ts";
import { Button } from "./Button.tsx";
import { Icon } from "./Icon.tsx";
import { IconButton } from "./IconButton.tsx";
import { toast } from "./toast.ts";
import * as css from "./controls.css.ts";

interface Props {
  value: AttachmentValue;
  onChange: (value: AttachmentValue) => void;
  /** MIME types and extensions offered and accepted; any file when absent. */
  accept?: readonly string[];
  description?: string;
  isDisabled?: boolean;
}

/** One file attached to a record in a form: its name, choose or replace, remove. */
export function AttachmentField({ value, onChange, accept, description, isDisabled }: Props) {
  const { t } = useTranslation();
  const shown = attachmentShown(value);
  return (
    <div className={css.field} role="group" aria-label={t("attachments.field.label")}>
      <span className={css.label}>{t("attachments.field.label")}</span>
      <div className={css.inputWrap} data-testid="attachment-name">
        <Icon name="attach" size={18} />
        <span>
          {shown.name
            ? shown.pending ? t("attachments.field.pending", { name: shown.name }) : shown.name
            : t("attachments.field.none")}
        </span>
        {shown.name
          ? (
            <IconButton
              icon="close"
              label={t("attachments.field.remove")}
              isDisabled={isDisabled}
              onPress={() => onChange({ ...value, file: null, cleared: true })}
            />
          )
          : null}
      </div>
      <FileTrigger
        acceptedFileTypes={accept ? [...accept] : undefined}
        onSelect={(list) => {
          const file = list?.[0];
          if (!file) return;
          if (!accepts(file, accept)) {
            toast.error(t("errors.ERR_FILE_TYPE"));
            return;
          }
          onChange({ ...value, file, cleared: false });
        }}
      >
        <Button variant="secondary" isDisabled={isDisabled}>
          {shown.name ? t("attachments.field.replace") : t("attachments.field.choose")}
        </Button>
      </FileTrigger>
      {description ? <span className={css.description}>{description}</span> : null}
    </div>
  );
}
