import { useCallback } from 'react';
import { useLazyFenceChannelOptionsQuery, useLazyFenceUserOptionsQuery } from '../../core';
import type { PickOption } from '@ptt/ui';

/** The pickers' searches: users by nickname (with their account), channels by name. */
export function useLinkSearch() {
  const [findUsers] = useLazyFenceUserOptionsQuery();
  const [findChannels] = useLazyFenceChannelOptionsQuery();
  const users = useCallback(
    async (q: string): Promise<PickOption[]> => (await findUsers(q, true).unwrap()).items.map((u) => ({ id: u.id, name: u.nickname, detail: u.account })),
    [findUsers],
  );
  const channels = useCallback(
    async (q: string): Promise<PickOption[]> => (await findChannels(q, true).unwrap()).items.map((c) => ({ id: c.id, name: c.name })),
    [findChannels],
  );
  return { users, channels };
}
