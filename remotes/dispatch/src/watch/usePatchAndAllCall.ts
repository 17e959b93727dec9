import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_SETTINGS, chatId as channelChatId } from '@ptt/contracts';
import type { WatchedChannel } from '@ptt/contracts';
import type { RoomConnection } from '@ptt/media';
import { useBusState } from '@ptt/ui';
import { useAppSelector, useCan, useConsole } from '../core';
import type { CreateMediaClient } from '../ptt';
import { bridgeMutedChats } from './bridge';
import { useEndPatchMutation } from './patchApi';
import type { PatchBarProps, TickedChannel } from './PatchBar';
import { refusalKey } from './refusal';
import type { TilePatchInfo } from './TilePatch';
import { useAllCall } from './useAllCall';
import { useAllCallRoom } from './useAllCallRoom';
import { usePatches } from './usePatches';
import type { WatchTileProps } from './WatchTile';

export interface PatchAndAllCallOptions {
  channels: readonly WatchedChannel[];
  /** Channel id -> name. */
  names: ReadonlyMap<number, string>;
  selectedChannelId: number | null;
  /** The watched channels' own rooms by channel id (not the selected one's). */
  rooms: ReadonlyMap<number, RoomConnection>;
  selectedRoom: RoomConnection | null;
  createClient?: CreateMediaClient;
}

type TileExtras = Pick<WatchTileProps, 'ticked' | 'onTick' | 'patch' | 'via'>;

/**
 * Patch and all-call on the watched tiles (ADR 024): the ticks, the live patches, the all-call
 * press and its origin room, and which rooms' bridge feeds this console must not play.
 * Patching, ending a patch and all-calling are staff's ('ptt.force'): for other roles the tiles
 * get no tick box and no "End patch", and `bar` is null; the patch badge is everyone's.
 */
export function usePatchAndAllCall({ channels, names, selectedChannelId, rooms, selectedRoom, createClient }: PatchAndAllCallOptions) {
  const { bus, session } = useConsole();
  const staff = useCan('ptt.force');
  const settings = useBusState(bus, 'settings') ?? DEFAULT_SETTINGS;
  const floors = useAppSelector((s) => s.ptt.floors);
  const patches = usePatches();
  const [endPatch] = useEndPatchMutation();
  const [tickedIds, setTicked] = useState<ReadonlySet<number>>(() => new Set());
  const entId = session?.ent.id ?? null;
  const chatOf = (id: number) => (entId === null ? '' : channelChatId(entId, id));

  const nameByChat = useMemo(() => {
    const out = new Map<string, string>();
    if (entId !== null) for (const [id, name] of names) out.set(channelChatId(entId, id), name);
    return out;
  }, [entId, names]);
  const nameOf = (chat: string) => nameByChat.get(chat) ?? chat;

  // Only watched channels can be ticked: one no longer watched drops out.
  const ticked: TickedChannel[] = channels
    .filter((c) => staff && tickedIds.has(c.channelId))
    .map((c) => ({ channelId: c.channelId, chatId: chatOf(c.channelId), name: names.get(c.channelId) ?? String(c.channelId) }));
  const origin = useAllCallRoom({ wanted: ticked.length >= 2, createClient });
  const allCall = useAllCall({ chatIds: ticked.map((c) => c.chatId), room: origin, maxDurationS: settings.pttMaxDurationS });

  // The bridges: every room this console plays, and what it hears directly (joined and not muted).
  const selectedChat = selectedChannelId === null ? null : chatOf(selectedChannelId);
  const heardKey = [
    ...channels.filter((c) => !c.muted).map((c) => chatOf(c.channelId)),
    ...(selectedChat && !channels.some((c) => c.channelId === selectedChannelId) ? [selectedChat] : []),
  ].join(',');
  const muted = useMemo(
    () => bridgeMutedChats({ patches, floors, heard: new Set(heardKey.split(',')), selfUid: session?.id ?? null, allCalling: allCall.calling }),
    [patches, floors, heardKey, session, allCall.calling],
  );
  useEffect(() => {
    for (const room of rooms.values()) room.setBridgeMuted(muted.has(room.chatId));
    selectedRoom?.setBridgeMuted(muted.has(selectedRoom.chatId));
  }, [muted, rooms, selectedRoom]);

  const end = (id: string) => {
    endPatch(id)
      .unwrap()
      .catch((e: unknown) => bus.publish('notify', { intent: 'error', key: refusalKey(e), id: 'patch-end' }));
  };

  const tile = (channelId: number): TileExtras => {
    const chat = chatOf(channelId);
    const p = patches.find((x) => x.chatIds.includes(chat));
    const patch: TilePatchInfo | null = p ? { id: p.id, others: p.chatIds.filter((c) => c !== chat).map(nameOf), ...(staff ? { onEnd: () => end(p.id) } : {}) } : null;
    const via = floors[chat]?.via;
    return {
      ticked: staff && tickedIds.has(channelId),
      onTick: staff
        ? (on) =>
            setTicked((prev) => {
              const next = new Set(prev);
              if (on) next.add(channelId);
              else next.delete(channelId);
              return next;
            })
        : undefined,
      patch,
      via: via ? { kind: via.kind, channel: via.chatId ? nameOf(via.chatId) : null } : null,
    };
  };

  const bar: PatchBarProps | null = staff ? { ticked, nameOf, allCall, onPatched: () => setTicked(new Set()) } : null;
  return { tile, bar };
}
