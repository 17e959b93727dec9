import { useEffect } from 'react';
import { GROUP_MESSAGE_KIND, PTT_PATCH_KIND } from '@ptt/contracts';
import type { Patch } from '@ptt/contracts';
import { useAppDispatch, useConsole } from '../core';
import { applyPatchFrame, patchApi, useGetPatchesQuery } from './patchApi';

const NONE: Patch[] = [];

/**
 * The live patches of the caller's channels: read once, then kept by the PttPatch frames each
 * patched channel's topic carries (a patch made or ended by another console shows at once).
 */
export function usePatches(): Patch[] {
  const dispatch = useAppDispatch();
  const { bus, session } = useConsole();
  const query = useGetPatchesQuery(undefined, { skip: session === null });
  useEffect(() => {
    const sub = bus.on('ws/channel').subscribe((event) => {
      if (event.kind !== GROUP_MESSAGE_KIND || event.t !== PTT_PATCH_KIND) return;
      void dispatch(patchApi.util.updateQueryData('getPatches', undefined, (list) => applyPatchFrame(list, event.data)));
    });
    return () => sub.unsubscribe();
  }, [bus, dispatch]);
  return query.data ?? NONE;
}
