// The original client's raw React Flow objects, as its editor posts them (seed 002): tests
// build flows with these so that every reader sees React Flow's own fields around the data.

/** A node with what React Flow adds around it (kept out of our document by flowWire.ts). */
export const rawNode = (id: string, type: string, data: Record<string, unknown>, x = 0, y = 0) => ({
  id,
  type,
  position: { x, y },
  positionAbsolute: { x, y },
  selected: false,
  dragging: false,
  width: 200,
  height: 80,
  style: { backgroundColor: "#555" },
  data,
});

/** An edge ("connection") as the original client names and posts it. */
export const rawEdge = (source: string, target: string, sourceHandle: string | null = "a") => ({
  id: `reactflow__edge-${source}${sourceHandle ?? ""}-${target}`,
  source,
  sourceHandle,
  target,
  targetHandle: null,
  type: "buttonedge",
  animated: true,
});
