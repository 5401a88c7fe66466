import autocannon from 'autocannon';
import { treeCpuMs } from './cpu';
import { median, percentile, type Round, type Side } from './report';

/** A process under load: Keen or the baseline. */
export interface Target {
  name: string;
  url: string;
  pid: number;
  exited: boolean;
}

export interface BenchCase {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  signedIn?: boolean;
  /** Which Keen answers: the one with its read cache, or the one with READ_CACHE=false. */
  keen: 'cached' | 'uncached';
  /** What it is measured against: the baseline (same database work) or the static replay (same bytes). */
  reference: 'baseline' | 'static';
  /**
   * A body Keen is sent instead of `body` (the reference still answers `body`): for a row that
   * measures Keen doing less than the reference, whose answers then differ by design.
   */
  keenBody?: string;
  /**
   * The goal, judged on the 32-connection row (1 connection is shown for latency without queueing).
   * pgRatio: Keen's PostgreSQL CPU per request over the reference's (null when the reference uses none).
   */
  goal?: { text: string; met: (row: { ratio: number; keenP99: number; pgRatio: number | null }) => boolean };
}

/** The autocannon run under way, stopped by the clean-up on Ctrl-C. */
let cannon: autocannon.Instance | null = null;

export function stopLoad(): void {
  cannon?.stop();
}

/**
 * One answer from each, compared byte for byte: the bench then expects exactly that answer every
 * time. With `keenBody` each side's own answer is expected of it instead.
 */
export async function expectedAnswers(
  c: BenchCase,
  headers: Record<string, string>,
  keen: Target,
  reference: Target,
): Promise<{ keen: string; reference: string }> {
  const ask = async (target: Target, body = c.body) => {
    const response = await fetch(`${target.url}${c.path}`, { method: c.method, headers, body });
    return { status: response.status, total: response.headers.get('x-total-count'), body: await response.text() };
  };
  const [k, b] = [await ask(keen, c.keenBody ?? c.body), await ask(reference)];
  if (k.status !== 200 || k.body.includes('"errors"')) throw new Error(`${c.name}: Keen answered ${k.status} ${k.body.slice(0, 300)}`);
  if (c.keenBody) {
    if (b.status !== 200) throw new Error(`${c.name}: the ${reference.name} answered ${b.status} ${b.body.slice(0, 300)}`);
    return { keen: k.body, reference: b.body };
  }
  if (k.body !== b.body || k.status !== b.status || k.total !== b.total) {
    const at = [...k.body].findIndex((char, i) => char !== b.body[i]);
    throw new Error(
      `${c.name}: the ${reference.name} answer differs from Keen's (status ${b.status}/${k.status}, X-Total-Count ${b.total}/${k.total}, ` +
        `first difference at character ${at}):\n  Keen:     ${JSON.stringify(k.body.slice(Math.max(0, at - 80), at + 80))}\n  ${reference.name}: ${JSON.stringify(b.body.slice(Math.max(0, at - 80), at + 80))}`,
    );
  }
  return { keen: k.body, reference: k.body };
}

export async function load(
  target: Target,
  postmaster: number,
  options: BenchCase & {
    headers: Record<string, string>;
    expected: string;
    connections: number;
    seconds: number;
    /** Requests a second in all, when held to a rate (the reference paced to Keen's); as fast as it answers otherwise. */
    rate?: number;
  },
  /** Where errors under load are reported. */
  problems: string[],
): Promise<Round> {
  if (target.exited) throw new Error(`${target.name} is no longer running`);
  const [app, pg] = [treeCpuMs(target.pid), treeCpuMs(postmaster)];
  // autocannon's own histogram keeps whole milliseconds; these are the exact times of 2xx answers.
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    cannon = autocannon(
      {
        url: `${target.url}${options.path}`,
        method: options.method,
        headers: options.headers,
        body: target.name.startsWith('Keen') ? (options.keenBody ?? options.body) : options.body,
        connections: options.connections,
        duration: options.seconds,
        ...(options.rate ? { overallRate: Math.max(1, Math.round(options.rate)) } : {}),
        // Every answer must be the one compared at the start: anything else counts as an error.
        expectBody: options.expected,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    cannon.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latencies.push(ms);
    });
  });
  cannon = null;
  const requests = result.requests.total;
  const errors = result.errors + result.timeouts + result.non2xx + result.mismatches;
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, stat.count ?? 0]));
  if (errors > 0)
    problems.push(
      `${options.name} at ${options.connections} connections, ${target.name}: ${errors} errors in ${requests} requests ` +
        `(${result.mismatches} answers unlike the expected one, status codes ${JSON.stringify(statusCodes)})`,
    );
  return {
    requests,
    seconds: result.duration,
    reqPerSec: requests / result.duration,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    errors,
    statusCodes,
    appCpuMs: treeCpuMs(target.pid) - app,
    pgCpuMs: treeCpuMs(postmaster) - pg,
  };
}

export function side(rounds: Round[]): Side {
  const requests = rounds.reduce((sum, r) => sum + r.requests, 0);
  return {
    rounds,
    reqPerSec: median(rounds.map((r) => r.reqPerSec)),
    p50: median(rounds.map((r) => r.p50)),
    p99: median(rounds.map((r) => r.p99)),
    appCpuMsPerReq: rounds.reduce((sum, r) => sum + r.appCpuMs, 0) / requests,
    pgCpuMsPerReq: rounds.reduce((sum, r) => sum + r.pgCpuMs, 0) / requests,
  };
}
