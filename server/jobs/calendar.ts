// Calendar jobs: work that falls on calendar instants (the daily invoices), on croner.
// Each job's work must be idempotent for its period: it also runs once at start, so an
// instant missed while the server was down is caught up, and a run twice does nothing.
import { Cron } from "croner";
import { errorFields, log } from "../log.ts";

export interface CalendarJob {
  name: string;
  /** A cron expression (croner's syntax; UTC). */
  schedule: string;
  run(now: Date): Promise<unknown>;
}

export class CalendarJobs {
  #crons: Cron[] = [];
  #running = new Set<Promise<unknown>>();

  /** `clock`: the program's now, handed to each run (tests move it). */
  constructor(private jobs: CalendarJob[], private clock: () => Date = () => new Date()) {}

  start() {
    for (const job of this.jobs) {
      this.#crons.push(
        new Cron(job.schedule, { protect: true, timezone: "UTC" }, async () => {
          await this.run(job.name);
        }),
      );
      void this.run(job.name);
    }
  }

  /** Runs a job now, as its instant would; errors are logged, never thrown. */
  run(name: string): Promise<unknown> {
    const job = this.jobs.find((j) => j.name === name);
    if (!job) return Promise.resolve();
    const running = job.run(this.clock()).catch((err) =>
      log.error("calendar job failed", { job: name, ...errorFields(err) })
    );
    this.#running.add(running);
    running.finally(() => this.#running.delete(running));
    return running;
  }

  async stop() {
    for (const c of this.#crons) c.stop();
    this.#crons = [];
    await Promise.all(this.#running);
  }
}

/** Is this a cron expression croner accepts? (config validation) */
export function isCronExpression(text: string) {
  try {
    new Cron(text, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}
