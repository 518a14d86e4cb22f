import { useTranslation } from "react-i18next";
import { useLocation, useParams } from "wouter";
import { Logo } from "../../components/Logo.tsx";
import { PageLoader } from "../../components/PageLoader.tsx";
import { useMediaQuery } from "../../lib/useMediaQuery.ts";
import { Conversation } from "./conversation/Conversation.tsx";
import { TicketsManager } from "./list/TicketsManager.tsx";
import { useViewer } from "./useViewer.ts";
import * as css from "./tickets.css.ts";

/** Below this width the desk shows one pane at a time (the grid in tickets.css.ts agrees). */
const NARROW_DESK_QUERY = "(max-width: 899px)";

/**
 * The desk (/tickets/:ticketId?): the list beside the open conversation on wide screens;
 * one pane at a time on narrow ones, where opening a ticket shows its conversation.
 */
export default function TicketsPage() {
  const { t } = useTranslation();
  const { ticketId } = useParams<{ ticketId?: string }>();
  const [, navigate] = useLocation();
  const narrow = useMediaQuery(NARROW_DESK_QUERY);
  const viewer = useViewer();
  if (!viewer) return <PageLoader />;

  const showList = !narrow || !ticketId;
  return (
    <div className={css.desk}>
      <div className={showList ? css.pane : css.hiddenPane}>
        <TicketsManager viewer={viewer} selectedUuid={ticketId} />
      </div>
      {ticketId
        ? (
          <div className={css.pane}>
            <Conversation
              key={ticketId}
              ticketRef={ticketId}
              companyId={viewer.companyId}
              onBack={narrow ? () => navigate("/tickets") : undefined}
            />
          </div>
        )
        : narrow
        ? null
        : (
          <div className={`${css.pane} ${css.placeholder}`}>
            <span className={css.mark}>
              <Logo size={72} showName={false} />
            </span>
            <p className={css.detail}>{t("tickets.noSelection")}</p>
          </div>
        )}
    </div>
  );
}
