import type { Writable } from 'node:stream';
import type { Client, Connection, Submittable } from 'pg';

/** The parts of pg's connection a COPY uses that its type declarations leave out. */
type CopyConnection = Connection & {
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
};

/**
 * One COPY statement as a pg "submittable" (the way pg-copy-streams plugs into pg, in a few lines,
 * as the project has no COPY package): pg hands it the protocol's messages, it settles once the
 * server is ready for the next statement, with the row count of `COPY <n>`, or with its error.
 */
abstract class CopyStatement implements Submittable {
  private rows = 0;
  private failure: Error | null = null;
  private settle!: { resolve(rows: number): void; reject(error: Error): void };
  readonly done = new Promise<number>((resolve, reject) => (this.settle = { resolve, reject }));

  constructor(private readonly text: string) {}

  submit(connection: Connection): void {
    connection.query(this.text);
  }

  handleCommandComplete(message: { text: string }): void {
    this.rows = Number(/^COPY (\d+)$/.exec(message.text)?.[1] ?? 0);
  }

  /** pg forgets a statement once it reports its error (it never sees the ready message): settle now. */
  handleError(error: Error): void {
    this.failure ??= error;
    this.settle.reject(error);
  }

  handleReadyForQuery(): void {
    this.settle.resolve(this.rows);
  }

  protected get failed(): boolean {
    return this.failure !== null;
  }

  // Not sent for a COPY; pg calls them only for other statements.
  handleRowDescription(): void {}
  handleDataRow(): void {}
  handleEmptyQuery(): void {}
  handlePortalSuspended(): void {}
  handleCopyInResponse(connection: Connection): void {
    (connection as CopyConnection).sendCopyFail('COPY FROM is not this statement');
  }
  handleCopyData(_message: { chunk: Buffer }, _connection: Connection): void {}
}

/** COPY ... TO STDOUT: the data goes to `sink` as it arrives; while `sink` is full, the socket is not read. */
class CopyOut extends CopyStatement {
  constructor(
    text: string,
    private readonly sink: Writable,
  ) {
    super(text);
  }

  /** Resumes the socket paused for a full sink; null while it is not paused. */
  private resume: (() => void) | null = null;

  override handleCopyData(message: { chunk: Buffer }, connection: Connection): void {
    // The chunk is a view into pg's read buffer, which the next bytes from the socket overwrite: copied.
    // Messages already read still arrive while paused; the sink takes them beyond its mark.
    if (this.sink.write(Buffer.from(message.chunk)) || this.resume) return;
    connection.stream.pause();
    this.resume = () => {
      this.sink.off('drain', this.resume!);
      this.resume = null;
      connection.stream.resume();
    };
    this.sink.once('drain', this.resume);
  }

  // The statement's last messages may have been read while the socket was paused. The sink is then
  // ended, and an ended stream never emits 'drain': resume now, or the client waits without end.
  override handleError(error: Error): void {
    this.resume?.();
    super.handleError(error);
  }

  override handleReadyForQuery(): void {
    this.resume?.();
    super.handleReadyForQuery();
  }
}

/** COPY ... FROM STDIN: sends each piece `source` yields, waiting whenever the socket's buffer is full. */
class CopyIn extends CopyStatement {
  /** Why reading `source` failed: the error to report rather than the server's "COPY from stdin failed". */
  private sourceError: Error | null = null;

  constructor(
    text: string,
    private readonly source: AsyncIterable<Buffer>,
  ) {
    super(text);
  }

  override handleError(error: Error): void {
    super.handleError(this.sourceError ?? error);
  }

  override handleCopyInResponse(connection: Connection): void {
    void this.send(connection as CopyConnection);
  }

  private async send(connection: CopyConnection): Promise<void> {
    try {
      for await (const chunk of this.source) {
        // The server has refused the data already: it ignores the rest, and so do we.
        if (this.failed) return;
        connection.sendCopyFromChunk(chunk);
        if (connection.stream.writableNeedDrain) await new Promise((resolve) => connection.stream.once('drain', resolve));
      }
      connection.endCopyFrom();
    } catch (error) {
      this.sourceError = error instanceof Error ? error : new Error(String(error));
      connection.sendCopyFail(this.sourceError.message);
    }
  }
}

/** Runs `COPY ... TO STDOUT` on `client`, writing what it sends to `sink` (not ended); answers the row count. */
export function copyTo(client: Client, sql: string, sink: Writable): Promise<number> {
  return client.query(new CopyOut(sql, sink)).done;
}

/** Runs `COPY ... FROM STDIN` on `client` with the bytes of `source`; answers the row count. */
export function copyFrom(client: Client, sql: string, source: AsyncIterable<Buffer>): Promise<number> {
  return client.query(new CopyIn(sql, source)).done;
}
