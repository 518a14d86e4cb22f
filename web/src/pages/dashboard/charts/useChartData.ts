import { useEffect, useState } from "react";
import { toast } from "../../../components/toast.ts";
import { validRange } from "../dashboardLogic.ts";

/**
 * One chart's data for its own date range. A range that is incomplete or reversed, and a
 * failed call, show the chart's error toast; the last good data stays drawn.
 */
export function useChartData<T>(
  load: (from: string, to: string) => Promise<T>,
  from: string,
  to: string,
  errorText: string,
): { data: T | null; loading: boolean } {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!validRange(from, to)) {
      toast.error(errorText);
      return;
    }
    let current = true;
    setLoading(true);
    load(from, to)
      .then((result) => current && setData(result))
      .catch(() => current && toast.error(errorText))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
    // The loader and text are fixed per chart; only the range asks for new data.
  }, [from, to]);

  return { data, loading };
}
