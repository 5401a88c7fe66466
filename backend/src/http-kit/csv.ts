import type { ServerResponse } from 'node:http';
import type { RouteRequest } from './routes';

/** Streams a CSV download (`rows`: the header row first), pausing while the client's socket is full. */
export async function sendCsv(req: RouteRequest, res: ServerResponse, filename: string, rows: AsyncGenerator<string>): Promise<void> {
  // Read the first row (the header plus the first page) before committing to a 200.
  const first = await rows.next();
  res.statusCode = 200;
  res.setHeader('content-type', 'text/csv; charset=utf-8');
  res.setHeader('content-disposition', `attachment; filename="${filename}"`);
  res.setHeader('cache-control', 'no-store');
  if (!first.done) res.write(first.value);
  try {
    for await (const row of rows) {
      if (!res.write(row)) await new Promise((resolve) => res.once('drain', resolve));
    }
    res.end();
  } catch (error) {
    // The 200 is already sent: cut the download short so it cannot pass for a complete file.
    req.log.error({ err: error }, 'CSV export failed');
    res.destroy();
  }
}
