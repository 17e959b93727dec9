/**
 * @jest-environment node
 */
// FormData is a Node global; the XMLHttpRequest is a fake that the test answers by hand.
import { createApiClient } from './api-client';
import { ApiError } from './api-error';

class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const api = createApiClient({ baseUrl: 'http://api.test', getToken: () => 'tok', xhrFactory: () => new FakeXhr() as unknown as XMLHttpRequest });
const schema = { safeParse: (d: unknown) => (typeof (d as { id?: unknown }).id === 'number' ? { success: true as const, data: d as { id: number } } : { success: false as const }) };

function form(): FormData {
  const f = new FormData();
  f.append('version', '1.2.3');
  f.append('file', new Blob(['apk']), 'app.apk');
  return f;
}

describe('upload', () => {
  it('POSTs the form with the token, reports progress and returns the checked data', async () => {
    const fractions: number[] = [];
    const body = form();
    const done = api.upload('/api/packages', body, { schema, onProgress: (f) => fractions.push(f) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.headers.Authorization, xhr.sent]).toEqual(['POST', 'http://api.test/api/packages', 'Bearer tok', body]);
    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.answer(200, { code: 0, msg: 'ok', data: { id: 7 } });
    await expect(done).resolves.toEqual({ id: 7 });
    expect(fractions).toEqual([0.25, 1]);
  });

  it('refuses like any other call, with the most precise key', async () => {
    const done = api.upload('/api/packages', form());
    FakeXhr.last.answer(400, { code: 2000, msg: 'exists', data: { reason: 'rule.packageVersionExists' } });
    await expect(done).rejects.toMatchObject({ code: 2000, i18nKey: 'rule.packageVersionExists' });
  });

  it('reports a failed, aborted or unreadable answer without pretending the server spoke', async () => {
    const failed = api.upload('/api/packages', form());
    FakeXhr.last.onerror?.();
    await expect(failed).rejects.toMatchObject({ code: -1, i18nKey: 'client.networkError' });

    const abort = new AbortController();
    const aborted = api.upload('/api/packages', form(), { signal: abort.signal });
    const xhr = FakeXhr.last;
    abort.abort();
    await expect(aborted).rejects.toBeInstanceOf(ApiError);
    expect(xhr.aborted).toBe(true);

    const garbled = api.upload('/api/packages', form());
    FakeXhr.last.status = 502;
    FakeXhr.last.responseText = '<html>gateway</html>';
    FakeXhr.last.onload?.();
    await expect(garbled).rejects.toMatchObject({ code: 500, httpStatus: 502 });
  });
});
