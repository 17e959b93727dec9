import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FluentProvider } from '@fluentui/react-components';
import type { BusPayload } from '@ptt/contracts';
import { ApiError, createEventBus } from '@ptt/event-bus';
import type { ApiClient } from '@ptt/event-bus';
import { addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import { NS, en, zh } from '../strings';
import { ChatComposer } from './ChatComposer';

function setup(post: jest.Mock, chatId: string | null = '100001-1-1') {
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, en, zh);
  const notices: Array<BusPayload<'notify'>> = [];
  bus.on('notify').subscribe((n) => notices.push(n));
  const api = { get: jest.fn(), post, put: jest.fn(), del: jest.fn() } as unknown as ApiClient;
  render(
    <FluentProvider theme={pttTheme}>
      <ChatComposer api={api} bus={bus} chatId={chatId} />
    </FluentProvider>,
  );
  return { notices, box: screen.getByRole('textbox', { name: /Message/ }), send: screen.getByRole('button', { name: 'Send' }) };
}

describe('chat composer', () => {
  it('posts the text to the chat, clears the draft and says it was sent', async () => {
    const post = jest.fn(() => Promise.resolve({}));
    const { box, send, notices } = setup(post);
    expect(send).toBeDisabled();
    await userEvent.type(box, '  hello team  ');
    await userEvent.click(send);
    const [path, body] = post.mock.calls[0] as unknown as [string, { type: number; content: unknown; clientMsgId: string }];
    expect(path).toBe('/api/chats/100001-1-1/messages');
    expect(body).toMatchObject({ type: 0, content: { text: 'hello team' } });
    expect(body.clientMsgId).toMatch(/^web-/);
    await waitFor(() => expect(box).toHaveValue(''));
    expect(notices).toEqual([{ intent: 'success', key: 'result.send.success' }]);
  });

  it("keeps the draft and shows the server code's text when sending fails", async () => {
    const post = jest.fn(() => Promise.reject(new ApiError(600, 'serverCode.600', 503, 'too fast')));
    const { box, send, notices } = setup(post);
    await userEvent.type(box, 'draft{Enter}');
    expect(post).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(notices).toEqual([{ intent: 'error', key: 'serverCode.600' }]));
    expect(box).toHaveValue('draft');
    expect(send).toBeEnabled();
  });

  it('starts a new line on Shift+Enter and cannot send before the chat is known', async () => {
    const post = jest.fn();
    const { box, send } = setup(post, null);
    await userEvent.type(box, 'one{Shift>}{Enter}{/Shift}two{Enter}');
    expect(box).toHaveValue('one\ntwo');
    expect(send).toBeDisabled();
    expect(post).not.toHaveBeenCalled();
  });
});
