/**
 * The users who match a search term, in one name order, with the enterprise's `search_version`
 * they were read at (migration 023; ADR 021 second addendum). A member search of the everyone
 * channel read all 5,000 users matching a frequent name on every page (about 10 ms of database
 * time on this machine); with the list kept here, a page of the same search probes only the
 * members it shows. The version is checked in the same statement as the page, so an entry is never
 * used after a user was added, removed or renamed, on this node or another.
 */
export interface MatchList {
  /** `enterprises.search_version` when the list was read (a bigint, as text). */
  version: string;
  /** Matching user ids sorted by (lower(name), id) ascending. */
  ids: Int32Array;
}

/** Entries kept, and ids kept in all (4 bytes each: 8 MiB). */
const MAX_ENTRIES = 64;
const MAX_TOTAL_IDS = 2_000_000;
/** A term matching more users than this is not kept: reading it is the plain plan's cost anyway. */
export const MAX_LIST_IDS = 50_000;

export class MatchCache {
  private readonly entries = new Map<string, MatchList>();
  private totalIds = 0;
  /** Each channel's last seen non-members (user_count - member_count): how long a slice to probe. */
  private readonly gaps = new Map<number, number>();

  constructor(
    private readonly maxEntries = MAX_ENTRIES,
    private readonly maxTotalIds = MAX_TOTAL_IDS,
  ) {}

  static key(entId: number, column: string, like: string): string {
    return `${entId}\u0001${column}\u0001${like}`;
  }

  get(key: string): MatchList | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    // Most recently used last: a Map iterates in insertion order, so the first is the eviction.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  set(key: string, list: MatchList): void {
    if (list.ids.length > MAX_LIST_IDS) return;
    this.drop(key);
    this.entries.set(key, list);
    this.totalIds += list.ids.length;
    while (this.entries.size > this.maxEntries || this.totalIds > this.maxTotalIds) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.drop(oldest);
    }
  }

  drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.totalIds -= e.ids.length;
  }

  gapOf(channelId: number): number {
    return this.gaps.get(channelId) ?? 0;
  }

  setGap(channelId: number, gap: number): void {
    if (this.gaps.size >= MAX_ENTRIES * 16 && !this.gaps.has(channelId)) this.gaps.delete(this.gaps.keys().next().value!);
    this.gaps.set(channelId, gap);
  }

  get size(): number {
    return this.entries.size;
  }
}
