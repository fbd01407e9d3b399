// The CPU slowdown Lighthouse simulates a phone with, calibrated to the host it runs on.
//
// Lighthouse's simulated phone is the host's CPU work slowed 4 times, a factor calibrated
// for a host whose benchmark index (Lighthouse's own measure of a machine's speed) is at
// least 1500, a high-end desktop. On a slower or busier host the same factor simulates a
// slower phone than that, and a page's score falls with the host: Lighthouse's
// documentation (docs/throttling.md, CPU throttling) says to calibrate the factor to the
// host instead. Below 1500 the factor is lowered in proportion, which keeps the phone
// the same, and never under 1; from 1500 up it is Lighthouse's default, unchanged.

export const DEFAULT_SLOWDOWN = 4;
export const HOST_INDEX = 1500;

/** The CPU slowdown for a host of this benchmark index, to two decimals. */
export function slowdownFor(index) {
  const slowdown = Math.max(1, DEFAULT_SLOWDOWN * Math.min(1, index / HOST_INDEX));
  return Math.round(slowdown * 100) / 100;
}
