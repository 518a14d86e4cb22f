import { useSignals } from "@preact/signals-react/runtime";
import { I18nProvider, RouterProvider } from "react-aria-components";
import { useLocation } from "wouter";
import { Toasts } from "../components/Toasts.tsx";
import { localeOf } from "../i18n/index.ts";
import { language } from "./prefs.ts";
import { navigateWhenReady } from "./routeLoad.ts";
import { AppRoutes } from "./routes.tsx";

/**
 * Providers (locale for react-aria, client-side links) and the routes. A link switches page
 * once the next page's code and data are in.
 */
export function App() {
  useSignals();
  const [, navigate] = useLocation();
  return (
    <I18nProvider locale={localeOf(language.value)}>
      <RouterProvider navigate={(path) => void navigateWhenReady(path, navigate)}>
        <AppRoutes />
        <Toasts />
      </RouterProvider>
    </I18nProvider>
  );
}
