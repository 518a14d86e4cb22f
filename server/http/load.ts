// How many requests are being answered right now. Background work in the same process
// (the ticket timers' passes) gives way while there are any, so a long pass does not
// stretch the desk's response times.
import type { MiddlewareHandler } from "hono";

export class RequestLoad {
  #inFlight = 0;

  busy(): boolean {
    return this.#inFlight > 0;
  }

  readonly middleware: MiddlewareHandler = async (_c, next) => {
    this.#inFlight++;
    try {
      await next();
    } finally {
      this.#inFlight--;
    }
  };
}
