import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import "./theme/global.css.ts";
import "./i18n/index.ts";
import { App } from "./app/App.tsx";
import "./app/prefs.ts";
import { restoreSession } from "./app/session.ts";

void restoreSession();

const root = document.getElementById("root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
