import type { FormEvent, ReactNode } from "react";
import { Dialog, Form, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { Button } from "./Button.tsx";
import { IconButton } from "./IconButton.tsx";
import * as css from "./overlay.css.ts";

interface Props {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom; a form dialog without them gets Cancel and Save. */
  footer?: ReactNode;
  /** The dismiss button's words when not Cancel (Close when saving keeps it open). */
  cancelLabel?: string;
  /** The submit button's words when not Save (Add for a new record). */
  submitLabel?: string;
  /** A form dialog's save is in progress. */
  busy?: boolean;
  /** When given, the body is a form and submitting it calls this. */
  onSubmit?: () => void;
  wide?: boolean;
  role?: "dialog" | "alertdialog";
}

/** A modal dialog: focus trapped, Escape closes, title is the accessible name. */
export function AppDialog(props: Props) {
  const { t } = useTranslation();
  const footer = props.footer ?? (props.onSubmit
    ? (
      <>
        <Button variant="secondary" onPress={props.onClose}>
          {props.cancelLabel ?? t("common.cancel")}
        </Button>
        <Button type="submit" isPending={props.busy}>
          {props.submitLabel ?? t("common.save")}
        </Button>
      </>
    )
    : null);
  const content = (
    <>
      <div className={css.body}>{props.children}</div>
      {footer ? <div className={css.footer}>{footer}</div> : null}
    </>
  );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    props.onSubmit?.();
  };
  return (
    <ModalOverlay
      className={css.modalOverlay}
      isOpen={props.isOpen}
      onOpenChange={(open) => !open && props.onClose()}
      isDismissable
    >
      <Modal className={props.wide ? `${css.modal} ${css.modalWide}` : css.modal}>
        <Dialog className={css.dialog} role={props.role}>
          <div className={css.header}>
            <Heading slot="title" className={css.title}>{props.title}</Heading>
            <IconButton icon="close" label={t("common.close")} onPress={props.onClose} />
          </div>
          {props.onSubmit
            ? <Form onSubmit={submit} validationBehavior="aria">{content}</Form>
            : content}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
