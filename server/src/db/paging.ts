import { LIST_TOTAL_CAP, type Page } from '@ptt/contracts';
import type { Queryable, SqlParam } from './db';

/** Builds `where` clauses with numbered parameters: `w.add('u.role = ?', 1)`. */
export class Where {
  readonly params: SqlParam[] = [];
  private readonly clauses: string[] = [];

  constructor(initialParams: SqlParam[] = []) {
    this.params.push(...initialParams);
  }

  /** Each `?` in the clause takes the next value. */
  add(clause: string, ...values: SqlParam[]): this {
    let i = 0;
    const numbered = clause.replace(/\?/g, () => {
      this.params.push(values[i++] ?? null);
      return `$${this.params.length}`;
    });
    this.clauses.push(numbered);
    return this;
  }

  /** `%q%` for ILIKE, with the user's % and _ taken literally. */
  static contains(q: string): string {
    return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  }

  sql(): string {
    return this.clauses.length > 0 ? `where ${this.clauses.join(' and ')}` : '';
  }
}

export interface PageRequest {
  page: number;
  size: number;
  sort: string;
  order: 'asc' | 'desc';
}

/**
 * One page of `select <columns> from <from> <where> order by ... limit/offset` plus the total
 * (exact up to the cap, then the cap + 1 and `capped`).
 * `sortColumns` maps the API's sort names to SQL expressions (never user text in SQL); `tieBreak`
 * keeps the order stable between pages.
 * `count`: another from/where that matches exactly the same rows but reads fewer tables (a
 * membership or tag table alone instead of its join with users). Counting up to the cap through a
 * join costs a probe per row, 10-30 ms at 10,000 rows; one index alone costs under 1 ms (ADR 019).
 */
export async function fetchPage<T>(
  q: Queryable,
  opts: {
    columns: string;
    from: string;
    where: Where;
    sortColumns: Record<string, string>;
    tieBreak: string;
    page: PageRequest;
    count?: { from: string; where: Where } | undefined;
    /** Stop counting after this many (SEARCH_TOTAL_CAP for searches); LIST_TOTAL_CAP otherwise. */
    cap?: number | undefined;
  },
): Promise<Page<T>> {
  const cap = opts.cap ?? LIST_TOTAL_CAP;
  const [items, count] = await Promise.all([
    selectPage<T>(q, opts),
    // Counting stops after the cap: a bounded index read instead of every matching row.
    q.query<{ total: number }>(
      `select count(*)::int as total from (select 1 from ${opts.count?.from ?? opts.from} ${opts.count?.where.sql() ?? opts.where.sql()}
        limit ${cap + 1}) capped`,
      opts.count?.where.params ?? opts.where.params,
    ),
  ]);
  return pageOf(items, count.rows[0]?.total ?? 0, cap);
}

/** The rows of one page alone (fetchPage without the count). */
export async function selectPage<T>(
  q: Queryable,
  opts: { columns: string; from: string; where: Where; sortColumns: Record<string, string>; tieBreak: string; page: PageRequest; prepare?: boolean },
): Promise<T[]> {
  const sortExpr = opts.sortColumns[opts.page.sort] ?? opts.tieBreak;
  const dir = orderOf(opts.page);
  const params = opts.where.params;
  const limitAt = params.length + 1;
  const r = await q.query<T>(
    `select ${opts.columns} from ${opts.from} ${opts.where.sql()}
      order by ${sortExpr} ${dir}, ${opts.tieBreak} ${dir}
      limit $${limitAt} offset $${limitAt + 1}`,
    [...params, opts.page.size, offsetOf(opts.page)],
    { prepare: opts.prepare ?? false },
  );
  return r.rows;
}

export const orderOf = (page: PageRequest): 'asc' | 'desc' => (page.order === 'desc' ? 'desc' : 'asc');
export const offsetOf = (page: PageRequest): number => (page.page - 1) * page.size;

/** A page whose `total` was counted up to `cap + 1`: past the cap it says so. */
export function pageOf<T>(items: T[], total: number, cap: number): Page<T> {
  return total > cap ? { items, total: cap + 1, capped: true } : { items, total };
}
