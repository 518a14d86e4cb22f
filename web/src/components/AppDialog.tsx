import type { FormEvent, ReactNode } from "react";
import { Dialog, Form, Heading, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import { IconButton } from "./IconButton.tsx";
import * as css from "./overlay.css.ts";

interface Props {
  title: string;
  isOpen: boolean;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom. */
  footer?: ReactNode;
  /** When given, the body is a form and submitting it calls this. */
  onSubmit?: () => void;
  wide?: boolean;
  role?: "dialog" | "alertdialog";
}

/** A modal dialog: focus trapped, Escape closes, title is the accessible name. */
export function AppDialog(props: Props) {
  const { t } = useTranslation();
  const content = (
    <>
      <div className={css.body}>{props.children}</div>
      {props.footer ? <div className={css.footer}>{props.footer}</div> : null}
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
