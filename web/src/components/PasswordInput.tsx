import { useState } from "react";
import { ToggleButton } from "react-aria-components";
import { useTranslation } from "react-i18next";
import * as css from "./controls.css.ts";
import { Icon } from "./Icon.tsx";
import { TextInput, type TextInputProps } from "./TextInput.tsx";

/** A password field with a show/hide toggle. */
export function PasswordInput(props: Omit<TextInputProps, "type" | "addon">) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? "text" : "password"}
      addon={
        <ToggleButton
          isSelected={visible}
          onChange={setVisible}
          className={css.iconButton}
          aria-label={visible ? t("common.hidePassword") : t("common.showPassword")}
        >
          <Icon name={visible ? "eyeOff" : "eye"} size={18} />
        </ToggleButton>
      }
    />
  );
}
