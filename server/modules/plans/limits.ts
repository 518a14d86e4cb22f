// A plan's limit is checked by counting, then inserting: two creates at once would both
// see room for one more. Creates of one kind of record for one company therefore run one
// at a time. In-process is enough: a company's database is served by one process.
import { Serial } from "../../inbox/serial.ts";

const creates = new Serial();

/** Runs the count-and-insert of a limited record alone among its company's creates of that kind. */
export function oneCreateAtATime<T>(companyId: number, kind: string, create: () => Promise<T>): Promise<T> {
  return creates.run(`${companyId}:${kind}`, create);
}
