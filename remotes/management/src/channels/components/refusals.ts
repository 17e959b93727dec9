import { errorKey } from '@ptt/ui';

/**
 * A refusal that belongs on one field although the server names none (a taken name, people
 * already on the channel): field -> its i18n key; anything else shows above the form.
 */
export function refusalOn(field: string, keys: readonly string[]) {
  return (error: unknown): Record<string, string> | null => {
    const key = errorKey(error);
    return keys.includes(key) ? { [field]: key } : null;
  };
}

/** The two answers (2000) to adding someone twice: named twice in one request, or already a member. */
export const MEMBER_REFUSALS = ['rule.memberAlreadyExists', 'rule.userAlreadyOnChannel'] as const;
export const NAME_REFUSALS = ['rule.channelNameExists'] as const;

/** The users a 2000 member refusal names (`data.userIds`). */
export function refusedUserIds(error: unknown): number[] {
  const ids = (error as { data?: { userIds?: unknown } } | null)?.data?.userIds;
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
}
