import { useCallback } from "react";
import { api } from "../../api/index.ts";
import { useRealtimeEvent } from "../../app/useRealtimeEvent.ts";
import { useLiveList } from "../../app/useLiveList.ts";
import { applyPromptEvent, asPromptEvent, type PromptEvent } from "./promptForm.ts";
import { companyEvent } from "../../../../contracts/realtime.ts";

/** The company's AI agents (GET /prompt), kept live by company-{c}-prompt. */
export function usePrompts(companyId: number | null) {
  const { list, setList, loading } = useLiveList(api.prompts.list);

  /** Our own saves apply at once; the same event arriving later changes nothing. */
  const apply = useCallback(
    (event: PromptEvent) => setList((previous) => applyPromptEvent(previous, event)),
    [],
  );

  useRealtimeEvent(companyId ? companyEvent(companyId, "prompt") : null, (data) => {
    const event = asPromptEvent(data);
    if (event) apply(event);
  });

  return { list, loading, apply };
}
