// The bottom of the dispatch remote: what every feature shares. The services context, the
// store's typed hooks, the state every pane follows (selection, chat list, presence, members,
// devices) with the REST calls and socket syncs that fill it. Core imports no feature.
export { NS } from './i18n';
export { ConsoleProvider, useCan, useConsole } from './context';
export { useAppDispatch, useAppSelector, useAppStore } from './store';
export type { AppDispatch, DispatchState, DispatchStore } from './store';
export { formatDateTime, formatTime } from './format';

export { PAGE_CONCURRENCY, loadAllPages } from './api';

export { consoleSlice, focusMember, openChat, openSos, openTrack, requestCall, selectChannel, selectMember } from './state/console';
export type { OpenChat } from './state/console';
export { chatListSlice, listStale, selectChatEntries, talkingChanged, unreadText } from './state/chatList';
export type { ChatEntry } from './state/chatList';
export { isOnline, presenceSlice, statusOf } from './state/presence';
export { membersReload, membersSlice } from './state/members';
export { devicesSlice, selectDeviceByUser } from './state/devices';
export { knownNickname, nicknameOf } from './state/names';

export { useChatListSync } from './sync/useChatListSync';
export { openEntry, useDefaultChat } from './sync/useDefaultChat';
export { useDevicesSync } from './sync/useDevicesSync';
export { useMembersSync } from './sync/useMembersSync';
export { usePresenceSync } from './sync/usePresenceSync';
