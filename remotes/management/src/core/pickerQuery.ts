/**
 * The query of a user picker's search (add members, assign an account, blacklist). Browsing is
 * by nickname; a search is by id, because sorting thousands of matches by nickname costs the
 * database about ten times as much at 100,000 users (ADR 019), and the person is found by
 * typing more, not by scrolling.
 */
export function pickerQuery(q: string, size: number): { size: number; sort: 'id' | 'nickname'; q?: string } {
  const term = q.trim();
  return term === '' ? { size, sort: 'nickname' } : { size, sort: 'id', q: term };
}
