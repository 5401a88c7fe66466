import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { pino } from 'pino';
import { runExclusively, runIfDue, schedule } from '../src/common/scheduled';
import { createDataSource, migrations } from '../src/db/data-source';
import { migrate } from '../src/db/migrate';

/** Several "processes" (each its own pool) on one new, empty database. */
async function processesOnEmptyDatabase(count: number): Promise<{ dbs: DataSource[]; drop(): Promise<void> }> {
  const serverUrl = process.env.KEEN_TEST_SERVER_URL!;
  const name = `keen_test_empty_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dbs = Array.from({ length: count }, () => createDataSource(url.toString(), { poolSize: 3 }));
  await Promise.all(dbs.map((db) => db.initialize()));
  return {
    dbs,
    async drop() {
      await Promise.all(dbs.map((db) => db.destroy()));
      const cleanup = new Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

test('five processes migrating an empty database at the same moment all succeed, and each migration runs once', async () => {
  const { dbs, drop } = await processesOnEmptyDatabase(5);
  try {
    const applied = await Promise.all(dbs.map((db) => migrate(db)));
    expect(
      applied
        .flat()
        .map((migration) => migration.name)
        .sort(),
    ).toEqual(migrations.map((migration) => migration.name).sort());
    const rows: { name: string }[] = await dbs[0].query('SELECT name FROM migrations ORDER BY id');
    expect(rows.map((row) => row.name)).toEqual(migrations.map((migration) => new migration().name));
    for (const db of dbs) expect(await db.showMigrations()).toBe(false);
  } finally {
    await drop();
  }
});

describe('scheduled work across processes', () => {
  let dbs: DataSource[];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ dbs, drop } = await processesOnEmptyDatabase(3));
    await migrate(dbs[0]);
  });
  afterAll(() => drop());

  it('runExclusively: of three processes asking at once, one runs the work while the others skip', async () => {
    let runs = 0;
    const outcomes = await Promise.all(
      dbs.map((db) =>
        runExclusively(db, 'keen:test:exclusive', async () => {
          runs += 1;
          await new Promise((resolve) => setTimeout(resolve, 300));
          return 'done';
        }),
      ),
    );
    expect(runs).toBe(1);
    expect(outcomes.filter((outcome) => outcome.ran)).toEqual([{ ran: true, result: 'done' }]);
    // Released afterwards: the next caller runs.
    expect(await runExclusively(dbs[1], 'keen:test:exclusive', async () => 'again')).toEqual({ ran: true, result: 'again' });
  });

  it('runIfDue: a job runs once per period, whichever process checks first, and again once the period has passed', async () => {
    let runs = 0;
    const work = async () => {
      runs += 1;
    };
    const job = `test-${randomBytes(3).toString('hex')}`;
    const first = await Promise.all(dbs.map((db) => runIfDue(db, job, 1000, work)));
    expect(first.filter(Boolean)).toHaveLength(1);
    const second = await Promise.all(dbs.map((db) => runIfDue(db, job, 1000, work)));
    expect(second.filter(Boolean)).toHaveLength(0);
    expect(runs).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const third = await Promise.all(dbs.map((db) => runIfDue(db, job, 1000, work)));
    expect(third.filter(Boolean)).toHaveLength(1);
    expect(runs).toBe(2);
  });

  it('schedule: three processes scheduling the same job at start run it once, and stop() waits for the run', async () => {
    const job = `test-${randomBytes(3).toString('hex')}`;
    let runs = 0;
    let finished = false;
    const schedules = dbs.map((db) =>
      schedule(db, { job, everyMs: 60_000, logger: pino({ level: 'silent' }) }, async () => {
        runs += 1;
        await new Promise((resolve) => setTimeout(resolve, 500));
        finished = true;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await Promise.all(schedules.map((scheduled) => scheduled.stop()));
    expect(finished).toBe(true);
    expect(runs).toBe(1);
  });
});
