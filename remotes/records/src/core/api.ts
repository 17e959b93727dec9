import { pageSchema, userSummarySchema, type Page, type UserSummary } from '@ptt/contracts';
import { serverApi } from '@ptt/ui';

// The member filter's server data. Endpoint names start with `records` because the page has one
// api that the host and every remote add to.

/** Matches per search in the member filter. */
export const MEMBER_OPTIONS = 20;

const userPage = pageSchema(userSummarySchema);

/**
 * The member search's query: browsing is by nickname; a search is by id, because sorting many
 * matches by nickname costs the database far more at 100,000 users (ADR 019) and the person is
 * found by typing more, not by scrolling.
 */
export function memberSearch(q: string): { size: number; sort: 'id' | 'nickname'; q?: string } {
  const term = q.trim();
  return term === '' ? { size: MEMBER_OPTIONS, sort: 'nickname' } : { size: MEMBER_OPTIONS, sort: 'id', q: term };
}

export const coreApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    recordsMemberOptions: build.query<Page<UserSummary>, string>({
      query: (q) => ({ path: '/api/users', query: memberSearch(q), schema: userPage }),
      providesTags: ['User'],
    }),
    /** The filtered member's name, for a view opened from a link. */
    recordsMember: build.query<UserSummary, number>({
      query: (id) => ({ path: `/api/users/${id}`, schema: userSummarySchema }),
      providesTags: ['User'],
    }),
  }),
});

export const { useLazyRecordsMemberOptionsQuery, useRecordsMemberQuery } = coreApi;
