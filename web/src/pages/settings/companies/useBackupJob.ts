import { useEffect, useRef, useState } from "react";
import { useSignals } from "@preact/signals-react/runtime";
import { BACKUP_JOB_EVENT, type BackupJobEvent, companyEvent } from "../../../../../contracts/realtime.ts";
import { api } from "../../../api/index.ts";
import { errorFromBody } from "../../../api/errors.ts";
import { currentUser } from "../../../app/session.ts";
import { useRealtimeEvent } from "../../../app/useRealtimeEvent.ts";

/** How often a running job is asked for too: a step missed while the socket reconnected is not lost. */
const POLL_MS = 3_000;

export interface JobProgress {
  kind: BackupJobEvent["kind"];
  /** 0-100; null while the work's size is not known (a backup, a restore). */
  percent: number | null;
  /** The file still going up (an import), before the job exists. */
  uploading: boolean;
}

/**
 * One backup, restore, export or import at a time, followed to its end through the
 * super user's backupJob events (and a slow poll); `onEnd` gets the finished job, or the
 * failed one's error as an ApiError.
 */
export function useBackupJob(onEnd: (job: BackupJobEvent, error: Error | null) => void) {
  useSignals();
  const user = currentUser.value;
  const [job, setJob] = useState<BackupJobEvent | null>(null);
  const [upload, setUpload] = useState<number | null>(null);
  const [kind, setKind] = useState<BackupJobEvent["kind"] | null>(null);
  const onEndRef = useRef(onEnd);
  onEndRef.current = onEnd;
  const ended = useRef(new Set<string>());

  const follow = (next: BackupJobEvent) => {
    if (ended.current.has(next.id)) return;
    if (next.state === "running") return setJob(next);
    ended.current.add(next.id);
    setJob(null);
    setKind(null);
    const error = next.error ? errorFromBody(400, next.error.message, next.error) : null;
    onEndRef.current(next, error);
  };

  useRealtimeEvent(user ? companyEvent(user.companyId, BACKUP_JOB_EVENT) : null, (data) => {
    const next = data as BackupJobEvent;
    if (next.id === job?.id) follow(next);
  });

  useEffect(() => {
    if (!job) return;
    const timer = setInterval(() => void api.companies.job(job.id).then(follow, () => {}), POLL_MS);
    return () => clearInterval(timer);
  }, [job?.id]);

  /** Starts a job (its call answers 202); the call's own failure is thrown to the caller. */
  const start = async (what: BackupJobEvent["kind"], call: (progress: (fraction: number) => void) => Promise<BackupJobEvent>) => {
    setKind(what);
    try {
      follow(await call((fraction) => setUpload(fraction)));
    } catch (error) {
      setKind(null);
      throw error;
    } finally {
      setUpload(null);
    }
  };

  const progress: JobProgress | null = kind === null ? null : {
    kind,
    uploading: upload !== null,
    percent: upload !== null ? upload * 100 : job && job.total > 0 ? (job.done / job.total) * 100 : null,
  };
  return { progress, start, busy: kind !== null };
}
