import { presenceFrameSchema, type UserStatus } from '@ptt/contracts';
import { serverApi } from '@ptt/ui';

// Server data more than one page reads. Injected once here, so every page shares one cache entry.

const presenceList = presenceFrameSchema.pick({ uid: true, status: true }).array();

export type PresenceEntry = { uid: number; status: UserStatus };

export const coreApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    /** Who is online now; frames keep it current after (usePresence), so it provides no tag. */
    managementPresence: build.query<PresenceEntry[], void>({
      query: () => ({ path: '/api/presence', schema: presenceList }),
    }),
  }),
});

export const { useManagementPresenceQuery } = coreApi;
