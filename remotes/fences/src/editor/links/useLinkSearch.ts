import { useCallback } from 'react';
import { useLazyFenceChannelOptionsQuery, useLazyFenceUserOptionsQuery } from '../../core';
import type { PickOption } from './SearchPicker';

/** The pickers' searches: users by nickname (with their account), channels by name. */
export function useLinkSearch() {
  const [findUsers] = useLazyFenceUserOptionsQuery();
  const [findChannels] = useLazyFenceChannelOptionsQuery();
  const users = useCallback(
    async (q: string): Promise<PickOption[]> => (await findUsers(q, true).unwrap()).items.map((u) => ({ id: u.id, label: u.nickname, detail: u.account })),
    [findUsers],
  );
  const channels = useCallback(
    async (q: string): Promise<PickOption[]> => (await findChannels(q, true).unwrap()).items.map((c) => ({ id: c.id, label: c.name })),
    [findChannels],
  );
  return { users, channels };
}
