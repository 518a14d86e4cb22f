// The randomizer's pick: `percent` of the runs take output "a", the rest "b". Pure, with
// the random source given, so its distribution is tested over many runs.
import { RANDOM_A, RANDOM_B } from "../../../contracts/flowGraph.ts";

export function chooseBranch(
  percent: number,
  random: () => number,
): typeof RANDOM_A | typeof RANDOM_B {
  const p = Math.min(100, Math.max(0, Number.isFinite(percent) ? percent : 0));
  return random() * 100 < p ? RANDOM_A : RANDOM_B;
}
