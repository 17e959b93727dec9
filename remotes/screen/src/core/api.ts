import { displaySchema, displaysSchema, screenMeSchema, screenMembersSchema, screenSummarySchema } from '@ptt/contracts';
import type { Display, DisplayCreate, DisplayUpdate, ScreenMe, ScreenMember, ScreenMembers, ScreenSummary } from '@ptt/contracts';
import { serverApi } from '@ptt/ui';

// The large screen's server data (ADR 026). Summary and members are live lists: frames keep them
// current and they are read again whenever the socket comes back (useRefetchOnReconnect), so they
// provide no tag. The displays list is read when its dialog opens, after each change and every
// 30 s while open.

export const screenApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    screenSummary: build.query<ScreenSummary, void>({
      query: () => ({ path: '/api/screen/summary', schema: screenSummarySchema }),
    }),
    screenMembers: build.query<ScreenMember[], void>({
      query: () => ({ path: '/api/screen/members', schema: screenMembersSchema }),
      transformResponse: (answer: ScreenMembers) => answer.items,
    }),
    screenMe: build.query<ScreenMe, void>({
      query: () => ({ path: '/api/screen/me', schema: screenMeSchema }),
    }),
    displays: build.query<Display[], void>({
      query: () => ({ path: '/api/screen/displays', schema: displaysSchema }),
      transformResponse: (answer: { items: Display[] }) => answer.items,
    }),
    pairDisplay: build.mutation<Display, DisplayCreate>({
      query: (body) => ({ path: '/api/screen/displays', method: 'POST', body, schema: displaySchema }),
    }),
    updateDisplay: build.mutation<Display, { id: number; body: DisplayUpdate }>({
      query: ({ id, body }) => ({ path: `/api/screen/displays/${id}`, method: 'PUT', body, schema: displaySchema }),
    }),
    revokeDisplay: build.mutation<unknown, number>({
      query: (id) => ({ path: `/api/screen/displays/${id}`, method: 'DELETE' }),
    }),
  }),
});

export const {
  useScreenSummaryQuery,
  useScreenMembersQuery,
  useScreenMeQuery,
  useDisplaysQuery,
  usePairDisplayMutation,
  useUpdateDisplayMutation,
  useRevokeDisplayMutation,
} = screenApi;
