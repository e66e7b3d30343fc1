// Closed-loop load at a fixed concurrency, measured the same way on both sides: the
// latency of every completed request is kept, and percentiles and requests/s are
// computed from those samples by the same function.
import autocannon from "autocannon";
import type { Pool } from "pg";

export type Measurement = {
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
};

/** Nearest-rank percentile of sorted samples. */
function percentile(sorted: number[], p: number) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function summarize(latencies: number[], errors: number, seconds: number): Measurement {
  const sorted = Float64Array.from(latencies).sort();
  const samples = Array.from(sorted);
  return {
    requests: latencies.length,
    errors,
    seconds,
    rps: latencies.length / seconds,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
  };
}

/** autocannon against one URL; only 2xx responses count as completed requests. */
export async function measureHttp(url: string, cookie: string | null, connections: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers: cookie ? { cookie } : {} }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
      else errors += 1;
    });
  });
  errors += result.errors + result.timeouts;
  // autocannon's own clock for the run, start to finish.
  const elapsed = result.duration || seconds;
  return summarize(latencies, errors, elapsed);
}

/**
 * The same SQL through a pg pool: `connections` clients, each sending the request's
 * statements one after the other, and the next round when its last one returns.
 */
export async function measureSql(pool: Pool, statements: { text: string; params: unknown[]; name?: string }[], connections: number, seconds: number) {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        for (const sql of statements) await pool.query({ name: sql.name, text: sql.text, values: sql.params });
        latencies.push(performance.now() - t0);
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return summarize(latencies, errors, (performance.now() - started) / 1000);
}
