// Which companies this process runs: their WhatsApp sessions, due timers, campaign runners
// and number checks, and the platform-wide jobs. One process alone owns everything (the
// sole owner below); instances sharing a Redis hold leases for them (leases.ts). The rest
// of the program asks only this interface, so neither case branches through it.

/** What running a company means here: started when its lease is taken, stopped before it is given up. */
export interface CompanyWork {
  /** Every active company at once (a single process's boot). */
  startAll(): Promise<void>;
  start(companyIds: readonly number[]): Promise<void>;
  /** Ends the company's work cleanly (sessions closed without logout): another process takes it next. */
  stop(companyId: number): Promise<void>;
  /** The WhatsApp connections running here. */
  connections(): number;
}

/** Work done once for the whole platform (invoices, arming the lapses). */
export interface PlatformWork {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** What /health shows of this instance (nothing for a single process). */
export interface InstanceHealth {
  instance?: { id: string; companies: number; connections: number; platform: boolean; redis: "up" | "down" };
}

export interface Ownership {
  readonly instanceId: string;
  /** Whether this process runs the company's work now. */
  owns(companyId: number): boolean;
  /** The companies this process runs; null: all of them (no filter needed). */
  ownedIds(): readonly number[] | null;
  /** The instance that runs the company (forwarding asks this); null: none holds it now. */
  owner(companyId: number): Promise<string | null>;
  /** How many company leases are held (metrics). */
  held(): number;
  health(): InstanceHealth;
  /** Starts running what this process owns, and (leases) taking and giving up companies. */
  start(work: CompanyWork, platform: PlatformWork): Promise<void>;
  /** Shutdown's first step: take and give up nothing more. */
  stop(): Promise<void>;
  /** Shutdown's last step, once the work has stopped and the databases are closed: others may take over. */
  releaseAll(): Promise<void>;
}

/** One process, no Redis: it owns every company and the platform, as before instances existed. */
export function soleOwnership(): Ownership {
  const instanceId = "sole";
  return {
    instanceId,
    owns: () => true,
    ownedIds: () => null,
    owner: () => Promise.resolve(instanceId),
    held: () => 0,
    health: () => ({}),
    async start(work, platform) {
      await work.startAll();
      await platform.start();
    },
    stop: () => Promise.resolve(),
    releaseAll: () => Promise.resolve(),
  };
}
