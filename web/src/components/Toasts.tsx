import {
  Button,
  Text,
  UNSTABLE_Toast as Toast,
  UNSTABLE_ToastContent as ToastContent,
  UNSTABLE_ToastRegion as ToastRegion,
} from "react-aria-components";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "./Icon.tsx";
import { toastQueue } from "./toast.ts";
import * as css from "./Toasts.css.ts";
import { followPointers, ToastSpace } from "./toastSpace.ts";

/** Renders the toast queue (mounted once, at the app root). */
export function Toasts() {
  const { t } = useTranslation();
  const reserve = useReservedSpace();
  return (
    <ToastRegion
      ref={reserve}
      queue={toastQueue}
      className={css.region}
      aria-label={t("toast.region")}
    >
      {({ toast }) => (
        <Toast
          toast={toast}
          className={css.kind[toast.content.kind]}
          data-kind={toast.content.kind}
          data-testid="toast"
        >
          <ToastContent className={css.content}>
            <Text slot="title">{toast.content.message}</Text>
          </ToastContent>
          {toast.content.action
            ? (
              <Button
                className={css.action}
                onPress={() => {
                  toastQueue.close(toast.key);
                  toast.content.action?.onAction();
                }}
              >
                {toast.content.action.label}
              </Button>
            )
            : null}
          <Button slot="close" className={css.close} aria-label={t("toast.close")}>
            <Icon name="close" size={18} />
          </Button>
        </Toast>
      )}
    </ToastRegion>
  );
}

/**
 * Keeps TOAST_SPACE_VAR at the toasts' height while they show (the region exists only then),
 * so the page and the overlays make room for them instead of lying under them; the room is
 * given back once no pointer is held (toastSpace.ts).
 */
function useReservedSpace() {
  const observer = useRef<ResizeObserver | null>(null);
  const space = useMemo(
    () =>
      new ToastSpace((px) =>
        document.documentElement.style.setProperty(css.TOAST_SPACE_VAR, `${px}px`)
      ),
    [],
  );
  useEffect(() => {
    const stop = followPointers(space, globalThis.window);
    return () => {
      stop();
      observer.current?.disconnect();
    };
  }, [space]);
  return useCallback((region: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!region) {
      space.want(0);
      return;
    }
    space.want(region.getBoundingClientRect().height);
    observer.current = new ResizeObserver(() => space.want(region.getBoundingClientRect().height));
    observer.current.observe(region);
  }, [space]);
}
