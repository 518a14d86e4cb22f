import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { Button } from "react-aria-components";
import { useTranslation } from "react-i18next";
import type { Help } from "../../api/helps.ts";
import { api } from "../../api/index.ts";
import { company } from "../../app/session.ts";
import { useLiveList } from "../../app/useLiveList.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { AppDialog } from "../../components/AppDialog.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import * as page from "../../components/page.css.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";
import { videoEmbedUrl, videoThumbnailUrl } from "../../../../contracts/videos.ts";
import { applyHelpEvent, asHelpEvent } from "./helpList.ts";
import * as css from "./helps.css.ts";

/**
 * /helps, for everyone: the help videos as cards. Thumbnails and the player come from the
 * video host, so they load here only, when the person opens the page (and the player only
 * when a card is opened).
 */
export default function HelpsPage() {
  useSignals();
  const { t } = useTranslation();
  const { list, setList, loading } = useLiveList(api.helps.list);
  const [watching, setWatching] = useState<Help | null>(null);
  const companyId = company.value?.id;

  useRealtimeEvent(companyId ? companyEvent(companyId, "help") : null, (data) => {
    const event = asHelpEvent(data);
    if (!event) return;
    setList((items) => applyHelpEvent(items, event));
    if (event.action === "delete") setWatching((open) => open?.id === event.id ? null : open);
  });

  return (
    <div className={page.page}>
      <PageHeader
        title={loading ? t("helps.title") : t("helps.titleCount", { count: list.length })}
      />
      <div className={css.scroller}>
        {list.length === 0
          ? <p className={page.empty}>{loading ? t("app.loading") : t("helps.empty")}</p>
          : (
            <ul className={css.grid} aria-label={t("helps.grid")}>
              {list.map((help) => (
                <li key={help.id}>
                  <HelpCard help={help} onOpen={() => setWatching(help)} />
                </li>
              ))}
            </ul>
          )}
      </div>
      {watching
        ? (
          <AppDialog title={watching.title} isOpen wide onClose={() => setWatching(null)}>
            <iframe
              className={css.player}
              src={videoEmbedUrl(watching.video)}
              title={t("helps.player", { title: watching.title })}
              allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
              // The player refuses to play for a page that sends no referrer.
              referrerPolicy="strict-origin-when-cross-origin"
            />
            {watching.description
              ? <p className={css.description}>{watching.description}</p>
              : null}
          </AppDialog>
        )
        : null}
    </div>
  );
}

function HelpCard({ help, onOpen }: { help: Help; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <Button className={css.card} onPress={onOpen}>
      <img
        className={css.thumbnail}
        src={videoThumbnailUrl(help.video)}
        alt={t("helps.thumbnail", { title: help.title })}
        loading="lazy"
        width={480}
        height={270}
      />
      <span className={css.cardText}>
        <span className={css.cardTitle}>{help.title}</span>
        {help.description ? <span className={css.cardDescription}>{help.description}</span> : null}
      </span>
    </Button>
  );
}
