import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MessageType } from '@ptt/contracts';
import type { ChatListItem, ChatMessage, PttStats } from '@ptt/contracts';
import { ChannelList, ConsoleSync } from '../console';
import { ENT_ID, fakeApi, renderConsole, startRoutes } from '../core/test';
import { PttPanel } from './PttPanel';
import { PttRecent, RECENT_REFRESH_DELAY_MS } from './RecentList';
import { fakeMedia } from './test/fakeMedia';
import { CHAT, MEDIA, ME, MEMBER, connect, floor, frame, pttButton, setupPtt } from './test/pttTest';

const SECURITY = `${ENT_ID}-1-2`;

const CHATS: ChatListItem[] = [
  { chatId: CHAT, kind: 'group', title: 'General', channelId: 1, peerId: null, lastMessage: null, unread: 0 },
  { chatId: SECURITY, kind: 'group', title: 'Security', channelId: 2, peerId: null, lastMessage: null, unread: 0 },
];

function burst(id: number, nickname: string): ChatMessage {
  return {
    id, chatId: CHAT, kind: 'group', channelId: 1, toUserId: null, from: { uid: 7, nickname }, clientMsgId: null,
    createdAt: '2026-01-01T08:00:00.000Z', type: MessageType.Ptt, content: { fileId: `file_${id}_0123456789abcdef`, durationMs: 4000 },
  };
}

describe('talking indicators', () => {
  it('mark every channel from the initial floors and then the ws/ptt frames', async () => {
    const api = fakeApi({
      ...startRoutes(),
      'GET /api/chats': () => CHATS,
      'GET /api/ptt/media': () => MEDIA,
      // Known before the chat list is: the indicator must still show once the list arrives.
      'GET /api/ptt/floors': () => [floor(MEMBER, SECURITY)],
      [`GET /api/ptt/recent/${CHAT}`]: () => [],
    });
    const media = fakeMedia();
    const { bus } = renderConsole(
      <>
        <ConsoleSync />
        <ChannelList />
        <PttPanel createClient={media.create} />
        <PttRecent />
      </>,
      api,
    );
    const row = (name: string) => within(screen.getByRole('list', { name: 'Channels' })).getByRole('button', { name: new RegExp(name) });
    await waitFor(() => expect(row('Security')).toHaveTextContent('Member 7 is talking'));
    expect(row('General')).not.toHaveTextContent('is talking');
    act(() => bus.publish('ws/ptt', frame('granted', { uid: 8, nickname: 'Member 8' })));
    expect(row('General')).toHaveTextContent('Member 8 is talking');
    act(() => bus.publish('ws/ptt', frame('released', null, MEMBER, SECURITY)));
    expect(row('Security')).not.toHaveTextContent('is talking');
    // The selected channel's talker shows in the PTT area too.
    await waitFor(() => expect(screen.getByTestId('ptt-talker')).toHaveTextContent('Member 8 is talking'));
  });
});

describe('recent transmissions', () => {
  it('lists the channel’s last bursts with players, and reads them again after a talk ends', async () => {
    let items = [burst(2, 'Member 7')];
    const s = setupPtt({ routes: { [`GET /api/ptt/recent/${CHAT}`]: () => items } });
    const recent = await screen.findByTestId('ptt-recent');
    await waitFor(() => expect(within(recent).getAllByRole('listitem')).toHaveLength(1));
    expect(recent).toHaveTextContent('Member 7');
    const player = recent.querySelector('audio');
    // Signed with the session's file key (ADR 012); the token is never in the URL.
    expect(player?.getAttribute('src')).toMatch(/^\/api\/files\/file_2_0123456789abcdef\?l=console-link&x=\d+&s=[\w-]{43}$/);
    items = [burst(3, 'Member 8'), burst(2, 'Member 7')];
    jest.useFakeTimers();
    try {
      act(() => s.bus.publish('ws/ptt', frame('released', null, { uid: 8, nickname: 'Member 8' })));
      await act(() => jest.advanceTimersByTimeAsync(RECENT_REFRESH_DELAY_MS));
    } finally {
      jest.useRealTimers();
    }
    await waitFor(() => expect(within(recent).getAllByRole('listitem')).toHaveLength(2));
    expect(within(recent).getAllByRole('listitem')[0]).toHaveTextContent('Member 8');
  });
});

describe('measured figures', () => {
  it('show the access time and latency, and publish them for the diagnostics page', async () => {
    let clock: jest.SpyInstance<number, []> | null = null;
    // The answer comes 42 ms after the press.
    const s = setupPtt({ routes: { 'POST /api/ptt/floor': () => (clock?.mockReturnValue(1042), floor(ME)) } });
    const stats: PttStats[] = [];
    s.bus.on('ptt/stats').subscribe((v) => stats.push(v));
    await connect(s);
    await waitFor(() => expect(screen.getByTestId('ptt-latency')).toHaveTextContent('Round trip 3 ms, jitter buffer 42 ms'));
    clock = jest.spyOn(performance, 'now').mockReturnValue(1000);
    fireEvent.pointerDown(pttButton(), { button: 0, pointerId: 1 });
    await waitFor(() => expect(pttButton()).toHaveAttribute('data-access-ms', '42'));
    expect(screen.getByTestId('ptt-access')).toHaveTextContent('Access time: 42 ms');
    expect(stats.at(-1)).toMatchObject({ samples: 1, accessLastMs: 42, accessMedianMs: 42, accessP95Ms: 42, roundTripMs: 3.2 });
    // Mouth to ear part by part: this fake server says nothing of its path, so the mixer's share counts.
    expect(stats.at(-1)?.mouthToEar).toMatchObject({ packetMs: 20, networkMs: 1.6, mediaServerMs: 60, jitterBufferMs: 41.6, playoutMs: 12 });
    jest.restoreAllMocks();
  });
});
