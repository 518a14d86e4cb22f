// What an operator's Prometheus reads at GET /metrics: requests, messages, and the state of
// this process (sockets, sessions, timers, open companies, leases). One registry per server,
// not prom-client's global one: the tests run many servers in one process. Every label has
// a small, fixed set of values; no company id, since a reseller has thousands of companies.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "./prom.ts";
import { type DomainBus, MESSAGE_IN, MESSAGE_OUT } from "../events/domain.ts";

/** Where the gauges read their values, at scrape time: nothing is kept up to date between scrapes. */
export interface MetricSources {
  realtimeConnections(): number;
  sessionsByStatus(): Map<string, number>;
  /** Due timer rows not yet run (an indexed count over the due part only). */
  dueTimersPending(): Promise<number>;
  openTenants(): number;
  leasesHeld(): number;
}

/**
 * prom-client's process metrics that Deno does not feed: the event-loop delay histogram stays
 * near zero even while the loop is blocked, the active handles and requests are always 0, and
 * no garbage collection is ever reported. A wrong figure is worse than none; the CPU, memory,
 * heap, file-descriptor and scrape-time loop lag ones are real.
 */
const UNMEASURED = [
  "nodejs_eventloop_lag_min_seconds",
  "nodejs_eventloop_lag_max_seconds",
  "nodejs_eventloop_lag_mean_seconds",
  "nodejs_eventloop_lag_stddev_seconds",
  "nodejs_eventloop_lag_p50_seconds",
  "nodejs_eventloop_lag_p90_seconds",
  "nodejs_eventloop_lag_p99_seconds",
  "nodejs_active_handles",
  "nodejs_active_handles_total",
  "nodejs_active_requests",
  "nodejs_active_requests_total",
  "nodejs_active_resources",
  "nodejs_active_resources_total",
  "nodejs_gc_duration_seconds",
  // Deno's Node compatibility level, not a Node.js that runs.
  "nodejs_version_info",
];

/** Most answers take well under 5 ms: the low buckets are where a regression shows. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export class Metrics {
  readonly #registry = new Registry();
  readonly #requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, matched route pattern and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [this.#registry],
  });
  readonly #latency = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request (to its headers, for streams and sockets).",
    labelNames: ["method", "route"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.#registry],
  });
  readonly #received = new Counter({
    name: "inbox_messages_received_total",
    help: "Customers' messages stored by the inbound pipeline.",
    registers: [this.#registry],
  });
  readonly #sent = new Counter({
    name: "inbox_messages_sent_total",
    help:
      "Messages the companies sent: through the server (desk, API, bots, campaigns) or from the phone.",
    registers: [this.#registry],
  });

  constructor(sources: MetricSources) {
    collectDefaultMetrics({ register: this.#registry });
    for (const name of UNMEASURED) this.#registry.removeSingleMetric(name);
    this.#gauges(sources);
  }

  /** One answered request; `seconds` from its arrival to its response. */
  request(method: string, route: string, status: number, seconds: number) {
    this.#requests.inc({ method, route, status });
    this.#latency.observe({ method, route }, seconds);
  }

  /** Messages are counted where the domain says they happened, not in each sender. */
  listen(bus: DomainBus) {
    bus.on(MESSAGE_IN, () => this.#received.inc());
    bus.on(MESSAGE_OUT, () => this.#sent.inc());
  }

  /** The text exposition format (version 0.0.4) and its content type. */
  async exposition(): Promise<{ text: string; contentType: string }> {
    return { text: await this.#registry.metrics(), contentType: this.#registry.contentType };
  }

  #gauges(s: MetricSources) {
    const registers = [this.#registry];
    const value = (name: string, help: string, read: () => number | Promise<number>) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          this.set(await read());
        },
      });
    value(
      "inbox_realtime_connections",
      "Open realtime connections (WebSocket, event stream, Socket.IO).",
      () => s.realtimeConnections(),
    );
    value(
      "inbox_due_timers_pending",
      "Due timers whose time has come and that have not run yet.",
      () => s.dueTimersPending(),
    );
    value(
      "inbox_tenant_handles_open",
      "Companies' databases this process holds open.",
      () => s.openTenants(),
    );
    value(
      "inbox_leases_held",
      "Leases this instance holds (0 while instances share none).",
      () => s.leasesHeld(),
    );
    new Gauge({
      name: "inbox_whatsapp_sessions",
      help: "This process's live WhatsApp sessions, by status.",
      labelNames: ["status"] as const,
      registers,
      collect() {
        // A status no session is in any more leaves the exposition instead of staying at its last count.
        this.reset();
        for (const [status, n] of s.sessionsByStatus()) this.set({ status }, n);
      },
    });
  }
}
