import { render } from '@testing-library/react';
import { createUpdateCheck, mainScriptOf, useSelfUpdate } from './selfUpdate';
import type { SelfUpdateOptions } from '../core';

const html = (script: string, extra = '') => `<!doctype html><html><head><title>PTT Large screen</title><script defer src="/remotes/screen/${script}"></script></head><body>${extra}<div id="root"></div></body></html>`;
const answer = (text: string, ok = true) => Promise.resolve({ ok, text: () => Promise.resolve(text) } as Response);

describe('self-update', () => {
  it('reads the main script an index.html names', () => {
    expect(mainScriptOf(html('main.1a2b3c4d.js'))).toBe('main.1a2b3c4d.js');
    expect(mainScriptOf(html('main.js'))).toBe('main.js');
    expect(mainScriptOf('<html></html>')).toBeNull();
  });

  it('sees a new build by the hashed script name against the one running', async () => {
    let served = html('main.aaaa1111.js');
    const fetchImpl = jest.fn((_url: string, _init: RequestInit) => answer(served));
    const check = createUpdateCheck('/remotes/screen/index.html', fetchImpl, 'main.aaaa1111.js');
    await expect(check.check()).resolves.toBe(false);
    expect(fetchImpl).toHaveBeenCalledWith('/remotes/screen/index.html', expect.objectContaining({ cache: 'no-store' }));
    served = html('main.bbbb2222.js');
    await expect(check.check()).resolves.toBe(true);
  });

  it('without hashed names compares the text with the first answer; a failed look says nothing', async () => {
    let served: Promise<Response> = answer(html('main.js'));
    const check = createUpdateCheck('/i.html', () => served, null);
    await expect(check.check()).resolves.toBe(false);
    await expect(check.check()).resolves.toBe(false);
    served = Promise.reject(new Error('offline'));
    await expect(check.check()).resolves.toBe(false);
    served = answer('', false);
    await expect(check.check()).resolves.toBe(false);
    served = answer(html('main.js', '<!-- build 2 -->'));
    await expect(check.check()).resolves.toBe(true);
  });

  it('looks every period in display mode and reloads once a new build is there', async () => {
    jest.useFakeTimers();
    let served = html('main.js');
    const reload = jest.fn();
    const fetchImpl = jest.fn(() => answer(served));
    const options: SelfUpdateOptions = { url: '/remotes/screen/index.html', periodMs: 1_000, fetchImpl, reload };
    function Probe({ enabled }: { enabled: boolean }) {
      useSelfUpdate(options, enabled);
      return null;
    }
    const view = render(<Probe enabled={false} />);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(fetchImpl).not.toHaveBeenCalled();
    view.rerender(<Probe enabled />);
    await jest.advanceTimersByTimeAsync(2_500);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    expect(reload).not.toHaveBeenCalled();
    served = html('main.js', '<!-- new build -->');
    await jest.advanceTimersByTimeAsync(1_000);
    expect(reload).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(5_000);
    expect(reload).toHaveBeenCalledTimes(1);
    view.unmount();
    jest.useRealTimers();
  });
});
