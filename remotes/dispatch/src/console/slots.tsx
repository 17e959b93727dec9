import { ChatPanel } from '../chat';
import { LiveMap } from '../live';
import { useAppSelector, useConsole } from '../core';

// The chat and map panes come from their own feature folders (src/chat, src/live); the console
// only places them. Unit tests of the layout replace this module.

export function ChatSlot() {
  const { api, bus } = useConsole();
  const chat = useAppSelector((s) => s.console.openChat);
  return <ChatPanel api={api} bus={bus} chat={chat} />;
}

export function MapSlot() {
  const { api, bus } = useConsole();
  return <LiveMap api={api} bus={bus} />;
}
