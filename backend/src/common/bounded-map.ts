/** A Map that forgets its oldest entry past `limit`: for keys a client chooses (query texts). */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.limit) this.delete(this.keys().next().value!);
    return super.set(key, value);
  }
}
