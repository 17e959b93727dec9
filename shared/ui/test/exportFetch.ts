// A fetch for the export tests: each call waits until the test answers it, and an abort rejects
// it as a browser does.

export interface FetchCall {
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  signal: AbortSignal;
  resolve: (response: Response) => void;
  reject: (e: unknown) => void;
}

export function installFakeFetch(): FetchCall[] {
  const calls: FetchCall[] = [];
  const fake = jest.fn(
    (input: string, init?: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        const url = new URL(input, 'http://console.test');
        const signal = init?.signal as AbortSignal;
        calls.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), headers: init?.headers as Record<string, string>, signal, resolve, reject });
        signal.addEventListener('abort', () => reject(new DOMException('The user aborted a request.', 'AbortError')));
      }),
  );
  globalThis.fetch = fake as unknown as typeof fetch;
  return calls;
}

/** An answer as fetch gives it (jsdom has no Response): status, headers, body. */
export function fakeResponse(status: number, headers: Record<string, string>, body: Blob | string): Response {
  const lower = new Map(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => lower.get(name.toLowerCase()) ?? null },
    blob: () => Promise.resolve(typeof body === 'string' ? new Blob([body]) : body),
    text: () => Promise.resolve(typeof body === 'string' ? body : ''),
  } as unknown as Response;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A refusal envelope as the server sends it before any row. */
export const refusalResponse = (code: number, data: unknown, status = 400) =>
  fakeResponse(status, { 'content-type': 'application/json; charset=utf-8' }, JSON.stringify({ code, msg: 'refused', data }));
