import { Dialog, Modal, ModalOverlay } from "react-aria-components";
import { useTranslation } from "react-i18next";
import * as css from "./layout.css.ts";
import { NavMenu } from "./NavMenu.tsx";

interface Props {
  open: boolean;
  /** Below 600 px the drawer is temporary: an overlay that closes on navigation. */
  temporary: boolean;
  onClose: () => void;
}

export function Drawer({ open, temporary, onClose }: Props) {
  const { t } = useTranslation();
  if (temporary) {
    return (
      <ModalOverlay
        isOpen={open}
        onOpenChange={(next) => !next && onClose()}
        isDismissable
        className={css.temporaryOverlay}
      >
        <Modal className={css.temporaryModal}>
          <Dialog className={css.temporaryDialog} aria-label={t("layout.mainMenu")}>
            <aside className={css.drawer}>
              <NavMenu mini={false} onNavigate={onClose} />
            </aside>
          </Dialog>
        </Modal>
      </ModalOverlay>
    );
  }
  return (
    <aside className={open ? css.drawer : `${css.drawer} ${css.drawerMini}`} data-open={open}>
      <NavMenu mini={!open} />
    </aside>
  );
}
