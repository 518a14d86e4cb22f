/** The editor's view state that is not the document: which block dialog is open. */
import { signal } from "@preact/signals-react";
import type { NodeType } from "../../../../../contracts/flowGraph.ts";

/** A block's dialog: a new block of a type (id null) or an existing block. */
export const openDialog = signal<{ type: NodeType; id: string | null } | null>(null);
