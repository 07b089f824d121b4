/**
 * A Map that forgets its oldest entry past `capacity` (insertion order). For caches of things that
 * never change once known (a conversation's two participants, a verified token's claims), where
 * an LRU's bookkeeping on every read would cost more than the rare miss it saves.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly capacity: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.capacity) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
