/** The shape of a catalogue with every text widened to string, so translations must match keys only. */
export type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
