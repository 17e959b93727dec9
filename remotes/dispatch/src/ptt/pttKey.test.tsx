import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { connect, posted, pttButton, setupPtt } from './test/pttTest';

const keyDown = (target: Element | Window, code: string, repeat = false) => fireEvent.keyDown(target, { code, key: code === 'Space' ? ' ' : code.replace('Key', '').toLowerCase(), repeat });
const keyUp = (target: Element | Window, code: string) => fireEvent.keyUp(target, { code, key: code === 'Space' ? ' ' : code.replace('Key', '').toLowerCase() });

function field(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  document.body.append(host);
  return host.firstElementChild as HTMLElement;
}

describe('the custom PTT key', () => {
  it('held anywhere on the page talks; auto-repeat asks once; keyup lets go', async () => {
    const s = setupPtt({ settings: { pttKey: 'KeyT' } });
    const room = await connect(s);
    keyDown(document.body, 'KeyT');
    await waitFor(() => expect(pttButton()).toHaveAttribute('data-state', 'talking'));
    keyDown(document.body, 'KeyT', true);
    keyDown(document.body, 'KeyT', true);
    expect(posted(s, '/api/ptt/floor')).toHaveLength(1);
    expect(room.transmitting).toBe(true);
    keyUp(document.body, 'KeyT');
    expect(room.transmitting).toBe(false);
    await waitFor(() => expect(posted(s, '/api/ptt/floor/release')).toHaveLength(1));
  });

  it('other keys, and the key pressed while typing in a field, a text area or an editable region, do nothing', async () => {
    const s = setupPtt({ settings: { pttKey: 'KeyT' } });
    await connect(s);
    keyDown(document.body, 'KeyR');
    for (const el of [field('<input type="text">'), field('<textarea></textarea>'), field('<div contenteditable="true"><p>note</p></div>').querySelector('p')!]) {
      const down = keyDown(el, 'KeyT');
      expect(down).toBe(true); // not prevented: the letter is typed
      keyUp(el, 'KeyT');
    }
    // A checkbox is not typing.
    keyDown(field('<input type="checkbox">'), 'KeyT');
    await waitFor(() => expect(posted(s, '/api/ptt/floor')).toHaveLength(1));
  });

  it('leaving the window lets go', async () => {
    const s = setupPtt({ settings: { pttKey: 'KeyT' } });
    const room = await connect(s);
    keyDown(document.body, 'KeyT');
    await waitFor(() => expect(room.transmitting).toBe(true));
    act(() => void window.dispatchEvent(new Event('blur')));
    expect(room.transmitting).toBe(false);
    await waitFor(() => expect(posted(s, '/api/ptt/floor/release')).toHaveLength(1));
    keyUp(document.body, 'KeyT');
    expect(posted(s, '/api/ptt/floor/release')).toHaveLength(1);
  });
});

describe('the on-screen button and its keys', () => {
  it.each([['Space', ' '], ['Enter', 'Enter']])('%s held on the focused PTT button talks, and only once with the page-wide key', async (code, key) => {
    const s = setupPtt({ settings: { pttKey: 'Space' } });
    const room = await connect(s);
    pttButton().focus();
    fireEvent.keyDown(pttButton(), { code, key });
    await waitFor(() => expect(pttButton()).toHaveAttribute('aria-pressed', 'true'));
    fireEvent.keyDown(pttButton(), { code, key, repeat: true });
    fireEvent.keyUp(pttButton(), { code, key });
    expect(room.transmits).toEqual([true, false]);
    expect(posted(s, '/api/ptt/floor')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'PTT' })).toHaveAttribute('data-state', 'idle');
  });
});
