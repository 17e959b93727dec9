import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHAT, messages, textMessage } from './test/messages';
import { installLayout, scrollElement } from './test/layout';
import { fakeApi, history, setup } from './test/panel';

// The message list's scrolling: only the rows in view, older pages at the top, following the
// newest message. Where exactly the view lands after a prepend is measured in a real browser by
// bench/chat.bench.mjs (jsdom has no layout; test/layout.ts fakes just enough of one).

jest.setTimeout(20_000);

let restoreLayout: () => void;
beforeEach(() => {
  restoreLayout = installLayout();
});
afterEach(() => restoreLayout());

describe('chat message list', () => {
  it('keeps only the rows in view in the DOM and loads older history at the top', async () => {
    const newest = messages(1001, 40);
    const older = messages(951, 50);
    const api = fakeApi({
      get: (_path, _b, opts) => {
        const before = opts?.query?.before;
        if (before === undefined) return history(newest, true);
        if (before === 1001) return history(older, true);
        return history([], false);
      },
      post: () => ({ chatId: CHAT, lastReadId: 1040, unread: 0 }),
    });
    setup(api);
    const feed = await screen.findByRole('feed');
    await within(feed).findByText('message 1040');
    // 600 px of 60 px rows, plus a few above and below.
    expect(within(feed).getAllByRole('article').length).toBeLessThan(25);
    expect(within(feed).queryByText('message 1001')).toBeNull();

    act(() => scrollElement(feed, 0));
    await waitFor(() => expect(api.get).toHaveBeenCalledWith(`/api/chats/${CHAT}/messages`, expect.objectContaining({ query: { before: 1001, size: 50 } })));
    // The older page is in the list (above the rows that were there): 90 rows' worth of height.
    // Where the view stays is the browser's business (bench/chat.bench.mjs checks it: jsdom has no layout).
    const inner = feed.firstElementChild as HTMLElement;
    await waitFor(() => expect(parseFloat(inner.style.height)).toBeGreaterThan(85 * 60));
    expect(within(feed).getAllByRole('article').length).toBeLessThan(25);
  });


  it('follows new messages at the bottom and offers a jump to them when scrolled up', async () => {
    const api = fakeApi({ get: () => history(messages(1, 40)), post: () => ({ chatId: CHAT, lastReadId: 40, unread: 0 }) });
    const { bus } = setup(api);
    const feed = await screen.findByRole('feed');
    await within(feed).findByText('message 40');
    const publish = (id: number) =>
      act(() => bus.publish('ws/channel', { kind: 'GroupMessage', t: 'Message', data: textMessage(id, `message ${id}`), topic: 'msg/listen/channel/100001/7' }));

    // At the bottom: the new row comes into view by itself.
    const atBottom = () => expect(feed.scrollTop).toBe(feed.scrollHeight - feed.clientHeight);
    publish(41);
    expect(await within(feed).findByText('message 41')).toBeInTheDocument();
    await waitFor(() => expect(parseFloat((feed.firstElementChild as HTMLElement).style.height)).toBeGreaterThan(28 + 40 * 60));
    await waitFor(atBottom);
    expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull();

    // Scrolled up: the view stays, a button offers the new message.
    act(() => scrollElement(feed, 300));
    publish(42);
    const jump = await screen.findByRole('button', { name: 'New messages' });
    expect(within(feed).queryByText('message 42')).toBeNull();
    await userEvent.click(jump);
    expect(await within(feed).findByText('message 42')).toBeInTheDocument();
    await waitFor(atBottom);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'New messages' })).toBeNull());
  });

});
