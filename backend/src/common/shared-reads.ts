/**
 * One read for every caller that asks for the same key while it is in flight: in a rush (a drop's
 * buyers all asking for one product's variants at once) the database answers once for the callers
 * waiting together. A read started before `version()` last moved (a write this process has seen
 * committed) answers only the callers that were already waiting: a later caller starts its own, so
 * a caller never gets an answer read before a change it could know of. The answer is shared: callers
 * must not change it.
 */
export class SharedReads<V> {
  private readonly inFlight = new Map<string, { version: number; read: Promise<V> }>();

  constructor(private readonly version: () => number) {}

  read(key: string, load: () => Promise<V>): Promise<V> {
    const version = this.version();
    const shared = this.inFlight.get(key);
    if (shared?.version === version) return shared.read;
    const entry = { version, read: load() };
    this.inFlight.set(key, entry);
    const settled = () => {
      if (this.inFlight.get(key) === entry) this.inFlight.delete(key);
    };
    entry.read.then(settled, settled);
    return entry.read;
  }
}
