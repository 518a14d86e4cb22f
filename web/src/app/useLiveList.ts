import {
  type Dispatch,
  type SetStateAction,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { toast } from "../components/toast.ts";
import { useRealtimeReconnect } from "./useRealtimeReconnect.ts";

/**
 * A short list read whole, on mount and again when the realtime connection comes back;
 * the caller keeps it live by applying its events through setList.
 */
export function useLiveList<T>(load: () => Promise<T[]>): {
  list: T[];
  setList: Dispatch<SetStateAction<T[]>>;
  loading: boolean;
  reload: () => Promise<void>;
} {
  const [list, setList] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const loadRef = useRef(load);
  loadRef.current = load;

  const reload = useCallback(async () => {
    setLoading(true);
    try {
      setList(await loadRef.current());
    } catch (error) {
      toast.apiError(error);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);
  useRealtimeReconnect(() => void reload());

  return { list, setList, loading, reload };
}
