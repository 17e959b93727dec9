import { act, screen, waitFor } from '@testing-library/react';
import { CHAT_MESSAGE_KIND, NOTICE_KIND, PERSONAL_KIND } from '@ptt/contracts';
import type { ChatMessage } from '@ptt/contracts';
import { setLocale } from '@ptt/ui';
import { renderHost, SESSION } from '../test/renderHost';

beforeEach(() => localStorage.clear());
afterEach(() => setLocale('en'));

const TITLE = { selector: '.fui-ToastTitle' };
const frame = {
  noticeId: 41,
  title: 'Gate 3 closed',
  body: 'Use gate 4 tonight.',
  from: { uid: 3, nickname: 'Dispatcher 1' },
  sentAt: '2026-11-22T01:00:00.000Z',
};
const topic = `msg/listen/user/${SESSION.ent.id}/${SESSION.id}`;

describe('notice alerts', () => {
  it('pops up a received notice with its sender and title, once, and closes by hand', async () => {
    const { bus } = renderHost('/main/dispatch', { session: SESSION });
    act(() => {
      bus.publish('ws/user', { kind: PERSONAL_KIND, t: NOTICE_KIND, data: frame, topic });
      bus.publish('ws/user', { kind: PERSONAL_KIND, t: NOTICE_KIND, data: frame, topic });
    });
    const toast = await screen.findByText('New notice from Dispatcher 1: Gate 3 closed', TITLE);
    expect(screen.getAllByText(/Gate 3 closed/, TITLE)).toHaveLength(1);
    act(() => setLocale('zh'));
    expect(await screen.findByText('来自Dispatcher 1的新公告：Gate 3 closed', TITLE)).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: '关闭' }).click());
    await waitFor(() => expect(toast).not.toBeInTheDocument());
  });

  it('leaves other personal messages alone', async () => {
    const { bus } = renderHost('/main/dispatch', { session: SESSION });
    const message: ChatMessage = {
      id: 5,
      chatId: '100001-0-3-7',
      kind: 'personal',
      channelId: null,
      toUserId: SESSION.id,
      from: frame.from,
      clientMsgId: null,
      createdAt: frame.sentAt,
      type: 0,
      content: { text: 'hi' },
    };
    act(() => bus.publish('ws/user', { kind: PERSONAL_KIND, t: CHAT_MESSAGE_KIND, data: message, topic }));
    act(() => bus.publish('notify', { intent: 'info', key: 'client.noTrack' }));
    expect(await screen.findByText('No track', TITLE)).toBeInTheDocument();
    expect(screen.queryByText(/New notice/, TITLE)).toBeNull();
  });
});
