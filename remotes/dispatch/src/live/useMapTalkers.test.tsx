import * as L from 'leaflet';
import { act, waitFor } from '@testing-library/react';
import type { ChatListItem, WatchedChannel } from '@ptt/contracts';
import type { PositionPoint, PttMap } from '@ptt/map';
import { selectChannel, useChatListSync, useConsole } from '../core';
import { ENT_ID, fakeApi, renderConsole, startRoutes } from '../core/test';
import { pttSlice } from '../ptt';
import { floor } from '../ptt/test';
import { Roster } from './roster';
import type { LiveRoster } from './useLiveRoster';
import { useMapTalkers } from './useMapTalkers';

// The hook with the console's real store (floors, selected channel, chat list, the watched list's
// query) and a real Leaflet map in jsdom.
const chat = (id: number) => `${ENT_ID}-1-${id}`;
const item = (id: number, title: string): ChatListItem => ({ chatId: chat(id), kind: 'group', title, channelId: id, peerId: null, lastMessage: null, unread: 0 });
const watched = (channelId: number): WatchedChannel => ({ channelId, volume: 80, muted: false, pan: 'centre', priority: false });

let el: HTMLDivElement;
let map: PttMap;
beforeEach(() => {
  el = document.createElement('div');
  Object.defineProperty(el, 'clientWidth', { value: 800 });
  Object.defineProperty(el, 'clientHeight', { value: 600 });
  document.body.append(el);
  const leaflet = L.map(el, { center: [39.9, 116.39], zoom: 12, zoomAnimation: false, fadeAnimation: false });
  map = { leaflet, coord: 'wgs84', toLatLng: (p) => L.latLng(p.lat, p.lng), fromLatLng: (ll) => ({ lng: ll.lng, lat: ll.lat }), focus: () => undefined };
});
afterEach(() => {
  map.leaflet.remove();
  el.remove();
});

function setup() {
  const roster = new Roster();
  roster.setMember({ uid: 7, name: 'Member 7', status: 'online' });
  roster.accept({ uid: 7, lng: 116.39, lat: 39.9, time: Date.now() });
  const listeners = new Set<(points: PositionPoint[]) => void>();
  const live: LiveRoster = {
    roster,
    layer: null,
    status: 'ready',
    onPoints: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    addPoint: () => undefined,
  };
  const onSelect = jest.fn();
  function Probe() {
    const { api, bus, session } = useConsole();
    useChatListSync(api, bus, session?.id ?? null);
    useMapTalkers(map, live, session, onSelect);
    return null;
  }
  const api = fakeApi({
    ...startRoutes(),
    'GET /api/chats': () => [item(1, 'General'), item(2, 'Security'), item(3, 'Logistics')],
    'GET /api/me/watched-channels': () => ({ channels: [watched(2)] }),
  });
  const r = renderConsole(<Probe />, api);
  return { ...r, onSelect, api };
}

const talker = () => el.querySelector<HTMLElement>('[data-testid="map-talker"]');
const label = () => el.querySelector('.ptt-talker-label')?.textContent ?? null;

describe('useMapTalkers', () => {
  it('draws the holder of a watched channel talking, and of the selected one, until the floor is free', async () => {
    const { store, api, onSelect } = setup();
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/api/me/watched-channels'));
    await waitFor(() => expect(store.getState().chatList.items[chat(2)]).toBeDefined());

    // A floor in a channel neither watched nor selected: nothing on the map.
    act(() => void store.dispatch(pttSlice.actions.floorChanged(floor({ uid: 7, nickname: 'Member 7' }, chat(3)))));
    expect(talker()).toBeNull();
    // Selected: drawn, named by the channel.
    act(() => void store.dispatch(selectChannel(3)));
    expect(talker()).toHaveAttribute('data-uid', '7');
    expect(label()).toMatch(/^Talking in Logistics · \d+ s$/);
    act(() => void store.dispatch(pttSlice.actions.floorChanged(floor(null, chat(3)))));
    expect(talker()).toBeNull();

    // Watched (not selected): drawn; a click on it selects the member.
    act(() => void store.dispatch(pttSlice.actions.floorChanged(floor({ uid: 7, nickname: 'Member 7' }, chat(2)))));
    await waitFor(() => expect(label()).toMatch(/^Talking in Security · \d+ s$/));
    talker()!.click();
    expect(onSelect).toHaveBeenCalledWith(7);
    act(() => void store.dispatch(pttSlice.actions.floorChanged(floor(null, chat(2)))));
    expect(talker()).toBeNull();
    expect(label()).toBeNull();
  });
});
