// One keyed cache of in-flight and settled requests, so that a hover prefetch and the click
// that follows (or two components asking at once) share one request. Each caller states its
// own retry rule: which settled values to forget so that the next call asks again.

export interface PromiseCache<K, V> {
  /** The cached promise for `key`, or the one `load` starts (and caches). */
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** Seeds the cache with a value already at hand. */
  set(key: K, value: V): void;
  clear(): void;
}

/**
 * `forget(value)` says whether a fulfilled value is dropped from the cache (a failure reported
 * as a value); `forgetFailures` whether a rejected promise is.
 */
export function promiseCache<K, V>(rules: {
  forget?: (value: V) => boolean;
  forgetFailures: boolean;
}): PromiseCache<K, V> {
  const entries = new Map<K, Promise<V>>();
  const drop = (key: K, pending: Promise<V>) => {
    // Only the promise this call cached: a newer request for the key stays.
    if (entries.get(key) === pending) entries.delete(key);
  };
  return {
    get(key, load) {
      const cached = entries.get(key);
      if (cached) return cached;
      const pending = load();
      entries.set(key, pending);
      pending.then(
        (value) => {
          if (rules.forget?.(value)) drop(key, pending);
        },
        () => {
          if (rules.forgetFailures) drop(key, pending);
        },
      );
      return pending;
    },
    set(key, value) {
      entries.set(key, Promise.resolve(value));
    },
    clear() {
      entries.clear();
    },
  };
}
