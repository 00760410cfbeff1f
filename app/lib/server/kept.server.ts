/**
 * Every value the server keeps in memory between requests is kept here: one `Kept` per cache, each with its
 * rule (what it keeps, its key, how it is invalidated, its bound), listed by `keptRegister()`. A cache is a
 * least-recently-used cache (lru-cache) with a bound and, where the value ages, a maximum age.
 * Values are shared between requests: callers must not modify what they get.
 *
 * Not here: the browser's own (app/lib/rules/page-handoff.ts), the prepared SQL statements (app/db/db.server.ts,
 * by SQL text, at most 500).
 */
import { LRUCache } from "lru-cache";

export type KeptRule = {
  /** short name, as in the register */
  name: string;
  /** what is kept */
  keeps: string;
  /** what an entry is found by */
  key: string;
  /** when a kept value stops being used */
  invalidated: string;
  /** at most this many entries (the least recently used goes first) */
  maxEntries: number;
  /** an entry older than this is read again; none: kept until pushed out */
  maxAgeMs?: number;
};

const register = new Map<string, { rule: KeptRule; entries: () => number }>();

/** The register of every cache the server keeps (for docs, tests and the curious admin). */
export function keptRegister(): Array<KeptRule & { entries: number }> {
  return [...register.values()].map(({ rule, entries }) => ({ ...rule, entries: entries() }));
}

export class Kept<V> {
  /** the bound and the order of use are lru-cache's; the age is checked here, on the caller's clock */
  private readonly values: LRUCache<string, { value: V; at: number }>;

  /** `listed`: false for one of many stores under one registered rule (one per open database). */
  constructor(
    readonly rule: KeptRule,
    listed = true,
  ) {
    this.values = new LRUCache({ max: rule.maxEntries });
    if (listed) register.set(rule.name, { rule, entries: () => this.values.size });
  }

  /** The kept value, if any and not too old (a clock that went back counts as too old). */
  get(key: string, now = Date.now()): V | undefined {
    const hit = this.values.get(key);
    if (!hit) return undefined;
    if (this.rule.maxAgeMs !== undefined && (now - hit.at >= this.rule.maxAgeMs || now < hit.at)) {
      this.values.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V, now = Date.now()) {
    this.values.set(key, { value, at: now });
  }

  /** The kept value, or `load()`'s, kept from now on. */
  getOrLoad(key: string, load: () => V, now = Date.now()): V {
    const hit = this.get(key, now);
    if (hit !== undefined) return hit;
    const value = load();
    this.set(key, value, now);
    return value;
  }

  get size() {
    return this.values.size;
  }

  clear() {
    this.values.clear();
  }
}

/** One rule, a store per key object (an open database): the stores go with their object. */
export function keptPer<O extends object, V>(rule: KeptRule): (owner: O) => Kept<V> {
  const stores = new WeakMap<O, Kept<V>>();
  let latest: Kept<V> | undefined;
  register.set(rule.name, { rule, entries: () => latest?.size ?? 0 });
  return (owner) => {
    let store = stores.get(owner);
    if (!store) {
      store = new Kept<V>(rule, false);
      stores.set(owner, store);
    }
    latest = store;
    return store;
  };
}
