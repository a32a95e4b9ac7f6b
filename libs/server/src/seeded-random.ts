/**
 * A small, fast, seedable generator (mulberry32): the same seed gives the same sequence, so a synthetic history, a
 * browser journey's data, an audit sample or a benchmark's load is the same on every run. Here rather than in
 * libs/testing because the benchmarks (plain JavaScript) load it from this library's build.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
