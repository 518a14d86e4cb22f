import assert from "node:assert/strict";
import { ChangesDuringLoad } from "./changesDuringLoad.ts";

type Row = { id: number; valid: boolean | null };
const mark = (id: number) => (rows: Row[]) =>
  rows.map((r) => r.id === id ? { ...r, valid: true } : r);

Deno.test("paged list: a live change during a page's load is applied again on the page read before it", () => {
  const changes = new ChangesDuringLoad<Row>();
  changes.record(mark(9)); // before any load: the next read already has it
  changes.started();
  changes.record(mark(1));
  const stalePage: Row[] = [{ id: 1, valid: null }, { id: 2, valid: null }];
  assert.deepEqual(changes.settle()(stalePage), [{ id: 1, valid: true }, { id: 2, valid: null }]);
  assert.deepEqual(
    changes.settle()(stalePage),
    stalePage,
    "settled once: the next page starts clean",
  );
  changes.record(mark(2));
  assert.deepEqual(changes.settle()(stalePage), stalePage, "no load running: nothing kept");
});
