import { allCallSchema, patchListSchema, patchSchema } from '@ptt/contracts';
import type { AllCall, AllCallReleaseRequest, AllCallRequest, CreatePatchRequest, Patch, PttPatchFrame } from '@ptt/contracts';
import { serverApi } from '@ptt/ui';

// Patch and all-call (docs/protocol.md, ADR 024): /api/ptt/patches and /api/ptt/allcall.

const PATCHES = '/api/ptt/patches';
const TAG = 'PttPatch' as const;

/** The patches tag lives here, not in @ptt/ui's shared list: only the dispatch console shows patches. */
export const patchApi = serverApi.enhanceEndpoints({ addTagTypes: [TAG] }).injectEndpoints({
  endpoints: (build) => ({
    /** The live patches holding a channel the caller is a member of. */
    getPatches: build.query<Patch[], void>({
      query: () => ({ path: PATCHES, schema: patchListSchema }),
      providesTags: [TAG],
    }),
    createPatch: build.mutation<Patch, CreatePatchRequest>({
      query: (body) => ({ path: PATCHES, method: 'POST', body, schema: patchSchema }),
      invalidatesTags: [TAG],
    }),
    endPatch: build.mutation<unknown, string>({
      query: (id) => ({ path: `${PATCHES}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [TAG],
    }),
    /** One press to several channels: 200 with an answer per channel, even when every one refused. */
    startAllCall: build.mutation<AllCall, AllCallRequest>({
      query: (body) => ({ path: '/api/ptt/allcall', method: 'POST', body, schema: allCallSchema }),
    }),
    releaseAllCall: build.mutation<unknown, AllCallReleaseRequest>({
      query: (body) => ({ path: '/api/ptt/allcall/release', method: 'POST', body }),
    }),
  }),
});

export const { useGetPatchesQuery, useCreatePatchMutation, useEndPatchMutation, useStartAllCallMutation, useReleaseAllCallMutation } = patchApi;

/** The list after a PttPatch frame: a created patch is added (or replaces its older copy), an ended one goes. */
export function applyPatchFrame(list: Patch[], frame: PttPatchFrame): Patch[] {
  const others = list.filter((p) => p.id !== frame.patch.id);
  return frame.state === 'created' ? [...others, frame.patch] : others;
}
