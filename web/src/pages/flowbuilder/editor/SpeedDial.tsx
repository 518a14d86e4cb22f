import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../../components/Icon.tsx";
import { BLOCK_ICONS } from "./BlockNode.tsx";
import { DIAL_TYPES, initialData } from "./blockForms.ts";
import * as css from "./editor.css.ts";
import { actions } from "./store.ts";
import { focusRequest, openDialog } from "./ui.ts";
import { START_ID } from "../../../../../contracts/flowGraph.ts";

/**
 * The vertical speed dial of blocks (seed 002: Inicio, Conteúdo, Menu, Randomizador,
 * Intervalo, Ticket, TypeBot, OpenAI, Pergunta, then the blocks the issue adds). The start
 * is placed at once (it replaces the start); the others open their dialog first.
 */
export function SpeedDial() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className={css.dial}>
      <button
        type="button"
        className={css.dialToggle}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
      >
        <Icon name={open ? "close" : "add"} size={18} />
        {open ? t("flowEditor.closeBlocks") : t("flowEditor.addBlock")}
      </button>
      {open
        ? DIAL_TYPES.map((type) => (
          <button
            key={type}
            type="button"
            className={css.dialItem}
            onClick={() => {
              setOpen(false);
              if (type === "start") {
                actions.addNode("start", initialData("start"));
                actions.select(new Set([START_ID]), new Set());
                focusRequest.value = START_ID;
              }
              else openDialog.value = { type, id: null };
            }}
          >
            <Icon name={BLOCK_ICONS[type]} size={18} />
            {t(`flowEditor.types.${type}`)}
          </button>
        ))
        : null}
    </div>
  );
}
