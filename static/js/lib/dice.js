// Random boards in the page, rolled as the server rolls them (boggle/dice.py), for a
// board with no network: the dice come as data (GET /graphs/NAME, the list's language's
// sets), and the random numbers are Python's own. random.Random(seed) is a Mersenne
// Twister seeded by init_by_array; with it here, the same dice and seed give the same
// board as GET /random, so a round rolled offline can be rolled again anywhere, and
// tests/test_browser_search.py holds the two equal.

const N = 624;
const M = 397;

/** Python's random.Random(seed) for a whole number seed (a BigInt, 0 to 2**63 - 1). */
export class PythonRandom {
  constructor(seed) {
    const key = [];
    for (let rest = BigInt(seed); rest > 0n; rest >>= 32n) key.push(Number(rest & 0xffffffffn));
    if (!key.length) key.push(0);
    this.mt = new Uint32Array(N);
    this.index = N;
    this.seed(key);
  }

  /** CPython's init_by_array (Modules/_randommodule.c). */
  seed(key) {
    const mt = this.mt;
    mt[0] = 19650218;
    for (let i = 1; i < N; i++) {
      const previous = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = Math.imul(1812433253, previous) + i;
    }
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k; k--) {
      const previous = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (mt[i] ^ Math.imul(previous, 1664525)) + key[j] + j;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k; k--) {
      const previous = mt[i - 1] ^ (mt[i - 1] >>> 30);
      mt[i] = (mt[i] ^ Math.imul(previous, 1566083941)) - i;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1];
        i = 1;
      }
    }
    mt[0] = 0x80000000;
  }

  /** The next 32 random bits (genrand_uint32). */
  next32() {
    const mt = this.mt;
    if (this.index >= N) {
      for (let k = 0; k < N; k++) {
        const y = (mt[k] & 0x80000000) | (mt[(k + 1) % N] & 0x7fffffff);
        mt[k] = mt[(k + M) % N] ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** getrandbits(k) for k from 1 to 32. */
  bits(k) {
    return this.next32() >>> (32 - k);
  }

  /** A uniform whole number below n: dice.py's _below, by rejection. */
  below(n) {
    const k = 32 - Math.clz32(n); // n.bit_length()
    for (;;) {
      const value = this.bits(k);
      if (value < n) return value;
    }
  }
}

/** A fresh seed, as the server draws one: a whole number below 2**63. */
export function newSeed() {
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return ((BigInt(high & 0x7fffffff) << 32n) | BigInt(low)).toString();
}

/**
 * The set a rows x cols board is rolled with (dice.py's nearest_set): the language's
 * own for that size, else the one nearest in cells. `dice` is the list's document's:
 * {sets: {name: {rows, cols, min_length, dice}}, for_size: {"4x4": name}}.
 */
export function nearestSet(dice, rows, cols) {
  const own = dice.for_size[`${rows}x${cols}`];
  if (own) return own;
  const sizes = Object.entries(dice.for_size).map(([size, name]) => [size.split("x").map(Number), name]);
  sizes.sort(([a], [b]) => {
    const gap = Math.abs(a[0] * a[1] - rows * cols) - Math.abs(b[0] * b[1] - rows * cols);
    return gap || a[0] - b[0] || a[1] - b[1];
  });
  return sizes[0][1];
}

/**
 * Roll a rows x cols board (dice.py's random_board): {rows: [[face]], dice, seed,
 * min_length}. The set's dice shuffled and rolled when the board is their size, else
 * each cell drawn from their pooled faces. `seed` is a decimal string (or a BigInt).
 */
export function rollBoard(dice, rows, cols, seed = newSeed()) {
  const name = nearestSet(dice, rows, cols);
  const set = dice.sets[name];
  const rng = new PythonRandom(BigInt(seed));
  let faces;
  if (rows === set.rows && cols === set.cols) {
    const order = set.dice.map((die) => die);
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    faces = order.map((die) => die[rng.below(die.length)]);
  } else {
    const pool = set.dice.flat();
    faces = Array.from({ length: rows * cols }, () => pool[rng.below(pool.length)]);
  }
  const grid = Array.from({ length: rows }, (_, r) => faces.slice(r * cols, (r + 1) * cols));
  return { rows: grid, dice: name, seed: String(seed), min_length: set.min_length };
}
