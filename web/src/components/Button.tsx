import { Button as AriaButton, type ButtonProps } from "react-aria-components";
import * as css from "./controls.css.ts";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

interface Props extends Omit<ButtonProps, "className"> {
  variant?: ButtonVariant;
}

export function Button({ variant = "primary", ...props }: Props) {
  return <AriaButton {...props} className={css.button[variant]} />;
}
