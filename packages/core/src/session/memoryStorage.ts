/**
 * The part of the Web Storage interface the session uses. `localStorage` and `sessionStorage`
 * satisfy it, and so does {@link MemoryStorage}.
 */
export type StorageLike = Pick<
  Storage,
  'length' | 'key' | 'getItem' | 'setItem' | 'removeItem' | 'clear'
>;

/**
 * An in-memory implementation of the Web Storage interface, for hosts without `localStorage`
 * (server rendering, workers, Node) and for tests. Values are strings, as in the browser.
 *
 * @example
 * const session = createSession({ local: new MemoryStorage(), session: new MemoryStorage() });
 */
export class MemoryStorage implements StorageLike {
  readonly #items = new Map<string, string>();

  /** The number of stored items. */
  get length(): number {
    return this.#items.size;
  }

  /** The name of the item at `index` in insertion order, or `null` past the end. */
  key(index: number): string | null {
    return [...this.#items.keys()][index] ?? null;
  }

  /** The stored string, or `null` when the key is absent. */
  getItem(key: string): string | null {
    return this.#items.get(key) ?? null;
  }

  /** Stores `value` converted to a string, like the browser does. */
  setItem(key: string, value: string): void {
    this.#items.set(key, String(value));
  }

  /** Removes one item; a missing key is not an error. */
  removeItem(key: string): void {
    this.#items.delete(key);
  }

  /** Removes every item. */
  clear(): void {
    this.#items.clear();
  }
}
