// Backups, restores, exports, imports and moves take seconds to minutes: a route starts one here
// and answers 202 with its id; the super user who started it hears each step in their user
// room (BACKUP_JOB_EVENT) and may also ask for it by id. One job per company at a time;
// finished jobs are remembered for a while, bounded.
import { BACKUP_JOB_EVENT, type BackupJobEvent, companyEvent, userRoom } from "../../../contracts/realtime.ts";
import { AppError } from "../../errors/app-error.ts";
import type { Hub } from "../../realtime/hub.ts";
import { errorFields, log } from "../../log.ts";

export type JobKind = BackupJobEvent["kind"];
/** Who started the job: their room hears it. */
export interface JobOwner {
  companyId: number;
  userId: number;
}
export interface JobSteps {
  progress(done: number, total: number, tables?: { done: number; total: number }): void;
  /** The company the job now works on (an import's new company). */
  company(companyId: number): void;
}

/** Finished jobs remembered for a poll after the last event. */
const KEPT = 200;
/** Progress events at most this often (a 1 GB export reads a thousand chunks). */
const EVENT_EVERY_MS = 250;

export class BackupJobs {
  #jobs = new Map<string, BackupJobEvent & { owner: JobOwner; at: number }>();
  #busy = new Set<number>();

  constructor(private hub: Hub, private now: () => number = () => performance.now()) {}

  /** Starts `work`; ERR_JOB_RUNNING while another job has the same company. */
  start(kind: JobKind, companyId: number | null, owner: JobOwner, work: (steps: JobSteps) => Promise<BackupJobEvent["result"]>) {
    if (companyId !== null && this.#busy.has(companyId)) throw new AppError("ERR_JOB_RUNNING");
    if (companyId !== null) this.#busy.add(companyId);
    // A company's job is named after it: with instances, its progress is asked of its owner.
    const id = companyId === null ? crypto.randomUUID() : `c${companyId}-${crypto.randomUUID()}`;
    const job = { id, kind, companyId, state: "running" as const, done: 0, total: 0, owner, at: 0 };
    this.#jobs.set(job.id, job);
    this.#trim();
    this.#tell(job);
    const steps: JobSteps = {
      progress: (done, total, tables) => {
        Object.assign(job, tables ? { done, total, tables } : { done, total });
        if (this.now() - job.at >= EVENT_EVERY_MS) this.#tell(job);
      },
      company: (id) => job.companyId = id,
    };
    void work(steps).then(
      (result) => this.#end(job, { state: "done", result }),
      (err) => {
        if (!(err instanceof AppError)) log.error("backup job failed", { kind, companyId: job.companyId, ...errorFields(err) });
        const known = err instanceof AppError ? err : new AppError("ERR_INTERNAL_SERVER_ERROR");
        this.#end(job, { state: "failed", error: known.toBody() });
      },
    ).finally(() => {
      if (companyId !== null) this.#busy.delete(companyId);
    });
    return this.#view(job);
  }

  get(id: string): BackupJobEvent {
    const job = this.#jobs.get(id);
    if (!job) throw new AppError("ERR_JOB_NOT_FOUND");
    return this.#view(job);
  }

  /** Whether a job has the company now. */
  busy(companyId: number) {
    return this.#busy.has(companyId);
  }

  #end(job: BackupJobEvent & { owner: JobOwner; at: number }, end: Partial<BackupJobEvent>) {
    Object.assign(job, end);
    this.#tell(job);
  }

  #tell(job: BackupJobEvent & { owner: JobOwner; at: number }) {
    job.at = this.now();
    const { owner } = job;
    this.hub.publish(owner.companyId, companyEvent(owner.companyId, BACKUP_JOB_EVENT), this.#view(job), userRoom(owner.userId));
  }

  #view({ owner: _owner, at: _at, ...job }: BackupJobEvent & { owner: JobOwner; at: number }): BackupJobEvent {
    return { ...job };
  }

  #trim() {
    for (const [id, job] of this.#jobs) {
      if (this.#jobs.size <= KEPT) break;
      if (job.state !== "running") this.#jobs.delete(id);
    }
  }
}
