// An open-loop request mix at a fixed total rate, for the load benches (bench/soak.mjs): requests are sent on schedule
// whatever the answers do, and each one's latency counts from when it was due, so a stall counts for every request
// queued behind it (as bench/gateway-overhead.mjs's fixed rate does).

/** A picker of `entries` ({ weight, … }) in proportion to their weights, drawing from `random`. */
export function weighted(entries, random) {
  const total = entries.reduce((sum, entry) => sum + entry.weight, 0);
  return () => {
    let left = random() * total;
    for (const entry of entries) {
      left -= entry.weight;
      if (left < 0) return entry;
    }
    return entries.at(-1);
  };
}

/**
 * Sends `rate` requests a second for `seconds`: the i-th is due at start + i / rate, and is `next(due)` (`due`: ms from
 * the start to when it is due), a `{ route, run }` whose run() resolves with whether the answer was the one expected (a rejection counts as an error).
 * `record({ route, due, latency, ok, error })` is called as each answers (`due`: ms from the start to when the request
 * was due; `latency`: ms from then to its answer). Resolves when every request has answered.
 */
export async function fixedRateMix({ rate, seconds, next, record }) {
  const started = performance.now();
  const total = Math.round(rate * seconds);
  const pending = new Set();
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const { route, run } = next(due - started);
    const answered = run()
      .then(
        (ok) => ({ ok, error: null }),
        (error) => ({ ok: false, error }),
      )
      .then(({ ok, error }) => {
        record({ route, due: due - started, latency: performance.now() - due, ok, error });
        pending.delete(answered);
      });
    pending.add(answered);
  }
  await Promise.all(pending);
}
