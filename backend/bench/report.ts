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
  /**
   * The baseline held to Keen's rate in each round, for PostgreSQL's CPU per request: the same
   * statement costs a backend more CPU when it waits between statements (pgbench: 0.08 ms at 20,000
   * a second, 0.15-0.18 at 4,500), so a slower Keen would read as heavier on PostgreSQL against a
   * baseline at full speed. Rows with a PostgreSQL goal only.
   */
  paced?: Side;
  /** Median over rounds of Keen's req/s over the reference's in the round next to it. */
  ratio: number;
  goal: string;
  met: boolean | null;
}

/** One side of a race: its buyers' latencies and the CPU spent per buyer by its server and by PostgreSQL. */
export interface RaceSide {
  buyers: number;
  wallMs: number;
  p50: number;
  p99: number;
  appCpuMsPerReq: number;
  pgCpuMsPerReq: number;
  /** What happened, for the line under the table. */
  summary: string;
  otherAnswers: string[];
}

/** Keen's over a reference's: wall time, app CPU and PostgreSQL CPU per buyer (over rounds: the median of each). */
export interface RaceRatios {
  wall: number;
  appCpu: number;
  pgCpu: number;
}

/** A race run by Keen, then by the bare baseline (race-baseline.ts) with as many new buyers on the same stock. */
export interface RaceResult extends RaceSide {
  name: string;
  /** The Auth Emulator checks each buyer's ID token for Keen (null when it runs out of sight of /proc). */
  emulatorCpuMsPerReq: number | null;
  baseline: RaceSide;
  /** Keen's over the baseline's, which checks each buyer's ID token as Keen does. */
  ratios: RaceRatios;
  /** A race run in rounds: each round's ratios. */
  rounds?: RaceRatios[];
  /** The baseline's writes alone (the buyer trusted, no token checked), with Keen's ratios over them. */
  writesOnly?: { side: RaceSide; ratios: RaceRatios; rounds: RaceRatios[] };
  goal: string;
  /** The met? cell: yes or NO, with the orders made and the ratios. */
  outcome: string;
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
    `${r.keen.pgCpuMsPerReq.toFixed(2)} / ${r.baseline.pgCpuMsPerReq.toFixed(2)}${r.paced ? ` (${r.paced.pgCpuMsPerReq.toFixed(2)} paced)` : ''}`,
    r.goal,
    r.met === null ? '-' : r.met ? 'yes' : 'NO',
  ]);
  const buyersPerSecond = (side: RaceSide) => (side.buyers / (side.wallMs / 1000)).toFixed(0);
  const raceLine = (race: RaceResult, vs: string, reference: RaceSide, ratios: RaceRatios, goal: string, outcome: string) => [
    race.name,
    String(race.buyers),
    buyersPerSecond(race),
    ms(race.p50),
    ms(race.p99),
    vs,
    buyersPerSecond(reference),
    ms(reference.p50),
    ms(reference.p99),
    `${ratios.wall.toFixed(2)}x`,
    `${race.appCpuMsPerReq.toFixed(2)} / ${reference.appCpuMsPerReq.toFixed(2)}`,
    `${race.pgCpuMsPerReq.toFixed(2)} / ${reference.pgCpuMsPerReq.toFixed(2)}`,
    goal,
    outcome,
  ];
  for (const race of races) {
    lines.push(raceLine(race, 'baseline', race.baseline, race.ratios, race.goal, race.outcome));
    if (race.writesOnly)
      lines.push(
        raceLine(race, 'writes', race.writesOnly.side, race.writesOnly.ratios, '-', `(${race.writesOnly.ratios.appCpu.toFixed(2)}x CPU)`),
      );
  }
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
      'CPU ms/req: CPU time spent per answered request, Keen / reference, by the app process and by PostgreSQL.',
      "Races: Keen's placeOrder (with shipping and tax) and the baseline's (race-baseline.ts: each buyer's ID token checked as Keen",
      'checks it, then the same writes) with as many new buyers on the same stock; "writes": the baseline\'s writes alone, the buyer',
      'trusted (the placeOrder race in rounds, the runs taking turns at going first; its cells are medians over the rounds);',
      "req/s is buyers over the race's wall time, CPU is per buyer, ratio is Keen's wall time over the reference's.",
      ...races.flatMap((race) => [
        `${race.name}: Keen ${race.summary}; the Auth Emulator (checking each new buyer's ID token for Keen): ${emulator(race)}.`,
        `  baseline ${race.baseline.summary}. Keen / baseline: ${ratiosText(race.ratios, race.rounds)}`,
        ...(race.writesOnly
          ? [
              `  the writes alone ${race.writesOnly.side.summary}. Keen / the writes alone: ${ratiosText(race.writesOnly.ratios, race.writesOnly.rounds)}`,
            ]
          : []),
      ]),
    ].join('\n'),
  );
}

/** Wall, app CPU and PostgreSQL CPU ratios, with each round's when the race ran in rounds. */
function ratiosText(ratios: RaceRatios, rounds: RaceRatios[] | undefined): string {
  const each = (r: RaceRatios) => `${r.wall.toFixed(2)}x/${r.appCpu.toFixed(2)}x/${r.pgCpu.toFixed(2)}x`;
  return (
    `wall ${ratios.wall.toFixed(2)}x, app CPU per buyer ${ratios.appCpu.toFixed(2)}x, PostgreSQL CPU per buyer ${ratios.pgCpu.toFixed(2)}x` +
    (rounds ? ` (medians of ${rounds.length} rounds: ${rounds.map(each).join(', ')}).` : '.')
  );
}

export function median(values: number[]): number {
  return percentile(values, 0.5);
}

export function percentile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
}
