// Long background passes over synchronous database calls (the ticket timers, the campaign
// dispatcher) hold the event loop unless they let it turn now and then.

/**
 * Between two steps of a pass (two tickets, two sends): gives way to the requests being
 * answered (waiting up to MAX_WAIT_MS, so a busy desk slows the pass but cannot stop it),
 * and otherwise lets new ones in once per slice of work. The database calls are
 * synchronous, so without this a pass would hold the event loop; a timer tick costs ~1-2
 * ms, too much to pay after every step.
 */
export function slicer(busy: () => boolean, sliceMs = 4) {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs && !busy()) return;
    const from = performance.now();
    do await new Promise((r) => setTimeout(r, 0)); while (busy() && performance.now() - from < MAX_WAIT_MS);
    since = performance.now();
  };
}

const MAX_WAIT_MS = 50;
