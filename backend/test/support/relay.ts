import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A TCP relay to the test PostgreSQL that the test can cut, as a network failure would; `open()` again on the same port. */
export class Relay {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: net.NetConnectOpts) {}

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

/** A relay to the test PostgreSQL server (`open()` it; an app reaches it at 127.0.0.1:`port`). */
export function relayToTestServer(): Relay {
  const serverUrl = new URL(process.env.KEEN_TEST_SERVER_URL!);
  const serverPort = Number(serverUrl.port || 5432);
  // The embedded server is reached through its Unix socket: the URL's host is then the socket's folder.
  const socketFolder = decodeURIComponent(serverUrl.hostname);
  return new Relay(
    socketFolder.startsWith('/') ? { path: `${socketFolder}/.s.PGSQL.${serverPort}` } : { host: serverUrl.hostname, port: serverPort },
  );
}
