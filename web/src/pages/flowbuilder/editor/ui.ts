/** The editor's view state that is not the document: which block dialog is open. */
import { signal } from "@preact/signals-react";
import type { NodeType } from "../../../../../contracts/flowGraph.ts";
import type { NodeStats } from "../../../api/flows.ts";

/** A block's dialog: a new block of a type (id null) or an existing block. */
export const openDialog = signal<{ type: NodeType; id: string | null } | null>(null);

/** A block to give the keyboard focus once drawn (a block just added lands where the user is). */
export const focusRequest = signal<string | null>(null);

/** Per block, the runs of the last 30 days that reached it and ended there (GET /flowbuilder/{id}/stats). */
export const nodeStats = signal<Readonly<Record<string, NodeStats>>>({});
