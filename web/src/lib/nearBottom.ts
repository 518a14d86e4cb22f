/** Lists load their next page once scrolled within 100 px of the bottom. */
export const LOAD_MORE_THRESHOLD_PX = 100;

export function isNearBottom(
  element: { scrollTop: number; scrollHeight: number; clientHeight: number },
  threshold = LOAD_MORE_THRESHOLD_PX,
): boolean {
  return element.scrollHeight - (element.scrollTop + element.clientHeight) < threshold;
}
