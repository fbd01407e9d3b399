// Telling a shake of the device from a knock on the table, from DeviceMotionEvent
// readings. No DOM here, so node tests it (tests/js/shake.test.js); the tabletop page
// (tabletop.js) feeds it the events.
//
// A shake is several hard jolts close together: a knock on the table or a player
// picking the device up gives one or two, a shake by hand a run of them.

/** Gravity, in m/s²: taken off a reading that includes it. */
export const GRAVITY = 9.81;
/** A jolt: the device's acceleration beyond gravity, in m/s² (a brisk shake passes 20). */
export const JOLT = 14;
/** How many jolts make a shake, and within how many milliseconds. */
export const JOLTS = 3;
export const WITHIN_MS = 1000;
/** Readings come 60 times a second: one jolt is counted once, however many it spans. */
export const APART_MS = 80;

/**
 * The strength of a motion reading beyond gravity, in m/s², or null when the device
 * reports none: `acceleration` where the device gives it, else the reading with
 * gravity less gravity itself (a device without a gyroscope gives only that one).
 */
export function joltOf({ acceleration, accelerationIncludingGravity: withGravity }) {
  // A device without the sensor gives the object with null in each axis.
  const size = (a) => (typeof a?.x === "number" ? Math.hypot(a.x, a.y ?? 0, a.z ?? 0) : null);
  const bare = size(acceleration);
  if (bare !== null) return bare;
  const whole = size(withGravity);
  return whole === null ? null : Math.abs(whole - GRAVITY);
}

/** Counts jolts; `onShake()` is called once each time JOLTS come within WITHIN_MS. */
export class ShakeDetector {
  constructor(onShake) {
    this.onShake = onShake;
    this.jolts = [];
  }

  /** A reading of `strength` (joltOf) at `now` ms; whether it completed a shake. */
  reading(strength, now) {
    if (strength === null || strength < JOLT) return false;
    const last = this.jolts.at(-1);
    if (last !== undefined && now - last < APART_MS) return false;
    this.jolts = [...this.jolts.filter((t) => now - t < WITHIN_MS), now];
    if (this.jolts.length < JOLTS) return false;
    this.jolts = [];
    this.onShake();
    return true;
  }
}
