// The parts of prom-client this program uses, each loaded from its own file, typed by the
// package's declarations. Its index also loads the Summary and, with it, the t-digest
// packages (tdigest, bintrees), which nothing here uses and whose files make `deno compile`
// overflow its stack (Deno 2.9.6): scripts/compile.ts leaves those two packages out.
import type * as Prom from "prom-client";
import registry from "prom-client/lib/registry.js";
import counter from "prom-client/lib/counter.js";
import gauge from "prom-client/lib/gauge.js";
import histogram from "prom-client/lib/histogram.js";
import defaultMetrics from "prom-client/lib/defaultMetrics.js";

export const Registry = registry as unknown as typeof Prom.Registry;
export const Counter = counter as unknown as typeof Prom.Counter;
export const Gauge = gauge as unknown as typeof Prom.Gauge;
export const Histogram = histogram as unknown as typeof Prom.Histogram;
export const collectDefaultMetrics = defaultMetrics as unknown as typeof Prom.collectDefaultMetrics;
export type Registry = Prom.Registry;
