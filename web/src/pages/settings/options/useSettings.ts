import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { api } from "../../../api/index.ts";
import type { Setting } from "../../../api/types.ts";
import { company, updateSetting } from "../../../app/session.ts";
import { useRealtimeEvent } from "../../../app/useRealtimeEvent.ts";
import { toast } from "../../../components/toast.ts";
import { companyEvent } from "../../../../../contracts/realtime.ts";
import { settingDefs } from "./settingDefs.ts";

/** A secret is shown as the server masks it, never as typed, not even until the answer. */
const SECRET_KEYS = new Set(settingDefs.filter((def) => def.kind === "secret").map((def) => def.key));

/** The company's settings as a key -> value map; save() is PUT /settings/:key + toast. */
export function useSettings() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string>>({});
  const [loaded, setLoaded] = useState(false);

  const adopt = useCallback((setting: Setting) => {
    setValues((previous) => ({ ...previous, [setting.key]: setting.value }));
    updateSetting(setting);
  }, []);

  useEffect(() => {
    let live = true;
    api.settings.list()
      .then((list) => {
        if (!live) return;
        setValues(Object.fromEntries(list.map((setting) => [setting.key, setting.value])));
        setLoaded(true);
      })
      .catch((error) => live && toast.apiError(error));
    return () => {
      live = false;
    };
  }, []);

  const companyId = company.value?.id;
  useRealtimeEvent(companyId ? companyEvent(companyId, "settings") : null, (data) => {
    const setting = (data as { setting?: Setting } | null)?.setting;
    // Adopted into the session too: the schedules tab follows scheduleType changed elsewhere.
    if (setting) adopt(setting);
  });

  const save = useCallback(async (key: string, value: string) => {
    const before = values[key];
    if (!SECRET_KEYS.has(key)) setValues((previous) => ({ ...previous, [key]: value }));
    try {
      const saved = await api.settings.update(key, value);
      adopt(saved ?? { key, value });
      toast.success(t("settings.saved"));
    } catch (error) {
      setValues((previous) => ({ ...previous, [key]: before ?? "" }));
      toast.apiError(error);
    }
  }, [adopt, t, values]);

  return { values, loaded, save };
}
