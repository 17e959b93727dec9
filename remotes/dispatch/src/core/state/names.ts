import type { DispatchState } from '../store';

/** A user's nickname from what the console already holds; null when it holds none. */
export function knownNickname(state: DispatchState, uid: number): string | null {
  const member = state.members.items.find((m) => m.userId === uid);
  if (member) return member.nickname;
  for (const d of Object.values(state.devices.byId)) if (d.user?.uid === uid) return d.user.nickname;
  for (const e of Object.values(state.chatList.items)) if (e.peerId === uid) return e.title;
  return null;
}

/** A user's nickname from what the console already holds; the uid as a last resort. */
export function nicknameOf(state: DispatchState, uid: number): string {
  return knownNickname(state, uid) ?? String(uid);
}
