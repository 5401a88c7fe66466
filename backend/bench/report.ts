// The bench's figures: rounds summed up into rows, and the table printed at the end.

/** One autocannon run against one target, with the CPU its process and PostgreSQL spent meanwhile. */
export interface Round {
  requests: number;
  seconds: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  statusCodes: Record<string, number>;
  appCpuMs: number;
  pgCpuMs: number;
}

export interface Side {
  rounds: Round[];
  reqPerSec: number;
  p50: number;
  p99: number;
  appCpuMsPerReq: number;
  pgCpuMsPerReq: number;
}

export interface Row {
  case: string;
  connections: number;
  keen: Side;
  /** What Keen is measured against in this row: the baseline or the static replay. */
  reference: 'baseline' | 'static';
  /** The reference's side (named baseline in the JSON of earlier runs). */
  baseline: Side;
  /** Median over rounds of Keen's req/s over the reference's in the round next to it. */
  ratio: number;
  goal: string;
  met: boolean | null;
}

export interface RaceResult {
  name: string;
  buyers: number;
  wallMs: number;
  p50: number;
  p99: number;
  appCpuMsPerReq: number;
  pgCpuMsPerReq: number;
  /** The Auth Emulator checks each buyer's ID token for Keen (null when it runs out of sight of /proc). */
  emulatorCpuMsPerReq: number | null;
  goal: string;
  /** The met? cell: yes or NO, with the orders made and the time. */
  outcome: string;
  /** What happened, for the line under the table. */
  summary: string;
  otherAnswers: string[];
}

export function printTable(rows: Row[], races: RaceResult[]): void {
  const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
  const head = [
    'case',
    'conns',
    'Keen req/s',
    'p50 ms',
    'p99 ms',
    'vs',
    'ref req/s',
    'p50 ms',
    'p99 ms',
    'ratio',
    'app CPU ms/req',
    'PG CPU ms/req',
    'goal',
    'met?',
  ];
  const lines = rows.map((r) => [
    r.case,
    String(r.connections),
    r.keen.reqPerSec.toFixed(0),
    ms(r.keen.p50),
    ms(r.keen.p99),
    r.reference,
    r.baseline.reqPerSec.toFixed(0),
    ms(r.baseline.p50),
    ms(r.baseline.p99),
    `${(r.ratio * 100).toFixed(0)}%`,
    `${r.keen.appCpuMsPerReq.toFixed(2)} / ${r.baseline.appCpuMsPerReq.toFixed(2)}`,
    `${r.keen.pgCpuMsPerReq.toFixed(2)} / ${r.baseline.pgCpuMsPerReq.toFixed(2)}`,
    r.goal,
    r.met === null ? '-' : r.met ? 'yes' : 'NO',
  ]);
  for (const race of races)
    lines.push([
      race.name,
      String(race.buyers),
      (race.buyers / (race.wallMs / 1000)).toFixed(0),
      ms(race.p50),
      ms(race.p99),
      '-',
      '-',
      '-',
      '-',
      '-',
      race.appCpuMsPerReq.toFixed(2),
      race.pgCpuMsPerReq.toFixed(2),
      race.goal,
      race.outcome,
    ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i].length)));
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 || i === 5 || i >= 12 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(`\n${format(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${lines.map(format).join('\n')}`);
  const emulator = (race: RaceResult) =>
    race.emulatorCpuMsPerReq === null ? 'out of sight' : `${race.emulatorCpuMsPerReq.toFixed(2)} ms CPU per buyer`;
  console.log(
    [
      '',
      'Medians over rounds; ratio: Keen req/s over the reference (vs) req/s of the round next to it. Goals are judged at 32 connections.',
      "vs: baseline (node:http + pg, the same statements' work) for cache off; static (the same bytes replayed from memory) for cache on.",
      'CPU ms/req: CPU time spent per answered request, Keen / reference (the races: Keen), by the app process and by PostgreSQL.',
      ...races.map(
        (race) => `${race.name}: ${race.summary}; the Auth Emulator (checking each new buyer's ID token for Keen): ${emulator(race)}.`,
      ),
    ].join('\n'),
  );
}

export function median(values: number[]): number {
  return percentile(values, 0.5);
}

export function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
}
