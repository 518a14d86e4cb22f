/**
 * How wide the desk's ticket list may be (the splitter beside it): never narrower than a
 * readable row, never leaving the conversation less than CONVERSATION_MIN. Remembered per
 * user in this browser.
 */
export const LIST_MIN = 300;
export const LIST_MAX = 720;
export const LIST_DEFAULT = 420;
export const CONVERSATION_MIN = 440;
/** The splitter's own width, between the two panes. */
export const SPLITTER_WIDTH = 16;
/** Arrow keys move 16 px, with Shift 64 px; Home and End go to the bounds. */
export const STEP = 16;
export const BIG_STEP = 64;

export interface Bounds {
  min: number;
  max: number;
}

/** The bounds within a desk of this width (null: not measured yet, the absolute ones). */
export function widthBounds(deskWidth: number | null): Bounds {
  if (deskWidth === null) return { min: LIST_MIN, max: LIST_MAX };
  const room = deskWidth - SPLITTER_WIDTH - CONVERSATION_MIN;
  return { min: LIST_MIN, max: Math.max(LIST_MIN, Math.min(LIST_MAX, room)) };
}

export function clampWidth(width: number, bounds: Bounds): number {
  return Math.round(Math.min(bounds.max, Math.max(bounds.min, width)));
}

/** The width a key asks for, or null for keys the splitter does not take. */
export function widthForKey(
  key: string,
  shift: boolean,
  width: number,
  bounds: Bounds,
): number | null {
  const step = shift ? BIG_STEP : STEP;
  switch (key) {
    case "ArrowLeft":
      return clampWidth(width - step, bounds);
    case "ArrowRight":
      return clampWidth(width + step, bounds);
    case "Home":
      return bounds.min;
    case "End":
      return bounds.max;
    default:
      return null;
  }
}

/** The user's stored width in the stored map ({"7": 480}), else the default. */
export function storedWidth(raw: string | null, userId: number): number {
  const value = Number(parseWidths(raw)[String(userId)]);
  return Number.isFinite(value) && value > 0 ? Math.round(value) : LIST_DEFAULT;
}

/** The stored map with the user's width set (others' kept: one browser, several people). */
export function withStoredWidth(raw: string | null, userId: number, width: number): string {
  return JSON.stringify({ ...parseWidths(raw), [String(userId)]: Math.round(width) });
}

function parseWidths(raw: string | null): Record<string, unknown> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? value as Record<string, unknown>
      : {};
  } catch {
    return {};
  }
}
