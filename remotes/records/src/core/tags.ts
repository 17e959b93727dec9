import type { DataTag, TableQuery } from '@ptt/ui';

/**
 * The tags a record list provides. Only a first page does: a new SOS, login or alert from the bus
 * refetches it, so it shows at the top; a later page is not moved under the reader's eyes, and is
 * fetched again when it is shown again (ADR 028).
 */
export function firstPageTags(query: TableQuery, tag: DataTag): DataTag[] {
  return query.page === 1 ? [tag] : [];
}
