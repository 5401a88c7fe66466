// A process whose job queue is stopped while a job runs: it prints, as JSON, how long `stop` took and
// how long the process lived on after it (anything pg-boss left running keeps it alive).
import { pino } from 'pino';
import { JobQueue } from '../../src/jobs/job-queue';

async function main() {
  const queue = await JobQueue.start(process.env.DATABASE_URL!, { pollSeconds: 0.5, scheduledRetrySeconds: 1 }, pino({ level: 'silent' }));
  let started: () => void;
  const jobStarted = new Promise<void>((resolve) => (started = resolve));
  await queue.define('test.slow', { retries: 0, retryDelaySeconds: 1 }, async () => {
    started();
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  await queue.send('test.slow', {});
  await jobStarted;
  const stopping = Date.now();
  await queue.stop();
  const stopped = Date.now();
  process.on('exit', () => process.stdout.write(JSON.stringify({ stopMs: stopped - stopping, livedOnMs: Date.now() - stopped })));
}

void main();
