// Some rules are a read, then a write: a plan's limit (count, then insert), the next free
// number of a menu level. Two requests at once would both read the same state. Such writes
// of one kind for one company run one at a time; in-process is enough, since a company's
// database is served by one process.
import { Serial } from "./serial.ts";

const writes = new Serial();

/** Runs a read-then-write alone among its company's writes of that kind. */
export function oneAtATime<T>(
  companyId: number,
  kind: string,
  write: () => Promise<T>,
): Promise<T> {
  return writes.run(`${companyId}:${kind}`, write);
}

/**
 * A company's flows are written one at a time, and so is what names them (flow campaigns,
 * connections): a name is checked free and then written (names have no unique index), and
 * a campaign or connection saved while its flow is deleted would point at nothing.
 */
export const flowsAtATime = <T>(companyId: number, write: () => Promise<T>) =>
  oneAtATime(companyId, "flows", write);
