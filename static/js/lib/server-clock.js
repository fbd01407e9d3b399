// The server's clock, as a page reckons it from the server's answers.
//
// Each answer of a game room carries the server's time (the room's `now`, and the
// X-Server-Time header, 304s included). The page reads its own clock just before the
// request goes and just after the answer comes: the server read its clock somewhere in
// between, so its time is the middle of the two, give or take half the round trip. The
// quickest round trips give the closest estimates, so the offset kept is the quickest
// of the last few answers' (a slow answer, delayed on the way out or back, would put
// it off by up to half its trip). Every phone at the table reckons its own, so each
// shows the board at the same instant of the server's clock, however wrong its own.
// No DOM here: node tests it (tests/js/server-clock.test.js).

/** How many recent answers the estimate is taken from (polls come every 2 s). */
export const KEPT = 12;
/** The most `untilSurely` waits past a time: before any answer the error is unbounded. */
export const MAX_MARGIN_MS = 500;

export class ServerClock {
  /** `now` is this page's clock in milliseconds (Date.now, or a test's). */
  constructor(now = () => Date.now()) {
    this.now = now;
    this.samples = []; // the recent answers: {trip, offset}, in ms
  }

  /**
   * Take an answer: the local times it was `sent` and `received` (ms) and the server's
   * time in it (Unix seconds). An answer without a time, or with times that make no
   * sense (a clock set back mid-request), is left out.
   */
  sample(sent, received, server) {
    if (!Number.isFinite(server) || !Number.isFinite(sent) || !(received >= sent)) return;
    this.samples.push({ trip: received - sent, offset: server * 1000 - (sent + received) / 2 });
    if (this.samples.length > KEPT) this.samples.shift();
  }

  /** The sample of the quickest recent round trip, or null before the first answer. */
  best() {
    return this.samples.reduce((best, s) => (best === null || s.trip < best.trip ? s : best), null);
  }

  /** The server's clock minus this page's, in ms (0 before any answer). */
  get offset() {
    return this.best()?.offset ?? 0;
  }

  /** The most the estimate can be off by, in ms: half the quickest trip. */
  get error() {
    const best = this.best();
    return best === null ? Infinity : best.trip / 2;
  }

  /** The server's time now, in ms. */
  serverNow() {
    return this.now() + this.offset;
  }

  /** Milliseconds from now until a time of the server's clock (Unix seconds). */
  until(serverSeconds) {
    return serverSeconds * 1000 - this.serverNow();
  }

  /**
   * Milliseconds from now until the server's clock has surely passed a time (Unix
   * seconds): `until`, plus the most the estimate can be off. A request sent then finds
   * the server past it, not a shade before (which would cost a refusal and a retry).
   */
  untilSurely(serverSeconds) {
    return this.until(serverSeconds) + Math.min(this.error, MAX_MARGIN_MS);
  }
}
