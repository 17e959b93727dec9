/**
 * @jest-environment node
 */
// fetch and Response are Node globals; jsdom does not provide them.
import { idSchema, pageSchema } from '@ptt/contracts';
import { createApiClient } from './api-client';
import type { FetchLike } from './api-client';
import { ApiError } from './api-error';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
}

function setup(response: Response | Error, token: string | null = 'tok') {
  const fetchImpl = jest.fn<ReturnType<FetchLike>, Parameters<FetchLike>>(() =>
    response instanceof Error ? Promise.reject(response) : Promise.resolve(response),
  );
  const api = createApiClient({ baseUrl: 'http://api.test', getToken: () => token, fetchImpl });
  return { api, fetchImpl };
}

async function caught(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the request to fail');
}

describe('api client', () => {
  it('resolves to the envelope data when code is 0', async () => {
    const { api } = setup(jsonResponse({ code: 0, msg: 'ok', data: { id: 1 } }));
    await expect(api.get('/api/me')).resolves.toEqual({ id: 1 });
  });

  it('sends JSON with a bearer token', async () => {
    const { api, fetchImpl } = setup(jsonResponse({ code: 0, msg: '', data: null }));
    await api.post('/api/login', { account: 'a' }, { query: { page: 2, q: undefined } });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('http://api.test/api/login?page=2');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"account":"a"}');
    expect(init?.headers).toMatchObject({ Authorization: 'Bearer tok', 'Content-Type': 'application/json' });
  });

  it('omits the Authorization header without a token', async () => {
    const { api, fetchImpl } = setup(jsonResponse({ code: 0, msg: '', data: null }), null);
    await api.del('/api/x');
    const headers = fetchImpl.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(fetchImpl.mock.calls[0]![1]!.method).toBe('DELETE');
  });

  it('turns a non-zero code into an ApiError with the catalogue key and status', async () => {
    const { api } = setup(jsonResponse({ code: 2006, msg: 'wrong user or password', data: null }, 401));
    const e = await caught(api.put('/api/login', {}));
    expect(e).toMatchObject({ code: 2006, i18nKey: 'serverCode.2006', httpStatus: 401, message: 'wrong user or password', data: null });
  });

  it("keeps the refusal's data (the reason a session ended)", async () => {
    const { api } = setup(jsonResponse({ code: 10000, msg: 'authorization failed', data: { reason: 'accountChanged' } }, 401));
    expect(await caught(api.get('/api/me'))).toMatchObject({ code: 10000, data: { reason: 'accountChanged' } });
  });

  it("names a refusal by its most precise key: the field's issue, then the rule, then the code", async () => {
    const issue = setup(jsonResponse({ code: 2004, msg: 'bad', data: { issues: [{ path: 'nickname', message: 'validation.nicknameIllegal' }] } }, 400));
    expect(await caught(issue.api.patch('/api/me', { nickname: '<b>' }))).toMatchObject({ code: 2004, i18nKey: 'validation.nicknameIllegal' });
    const rule = setup(jsonResponse({ code: 1005, msg: 'big', data: { reason: 'rule.fileTooLarge' } }, 413));
    expect(await caught(rule.api.post('/api/files'))).toMatchObject({ code: 1005, i18nKey: 'rule.fileTooLarge' });
    // A session end's reason is not an i18n key: the code's text stays.
    const ended = setup(jsonResponse({ code: 10000, msg: 'no', data: { reason: 'accountChanged' } }, 401));
    expect(await caught(ended.api.get('/api/me'))).toMatchObject({ code: 10000, i18nKey: 'serverCode.10000' });
  });

  it('sends PATCH with a JSON body', async () => {
    const { api, fetchImpl } = setup(jsonResponse({ code: 0, msg: 'ok', data: { nickname: 'New' } }));
    await expect(api.patch('/api/me', { nickname: 'New' })).resolves.toEqual({ nickname: 'New' });
    const init = fetchImpl.mock.calls[0]![1]!;
    expect([init.method, init.body]).toEqual(['PATCH', '{"nickname":"New"}']);
  });

  it('reports a rejected fetch as client.networkError with code -1', async () => {
    const { api } = setup(new TypeError('Failed to fetch'));
    const e = await caught(api.get('/api/x'));
    expect(e).toMatchObject({ code: -1, i18nKey: 'client.networkError' });
  });

  it.each(['<html>gateway</html>', '{"hello":1}'])('reports a non-envelope answer %j as serverCode.500', async (body) => {
    const { api } = setup(jsonResponse(body, 502));
    const e = await caught(api.get('/api/x'));
    expect(e).toMatchObject({ code: 500, i18nKey: 'serverCode.500', httpStatus: 502 });
  });

  it('checks data against a schema when one is given', async () => {
    const schema = pageSchema(idSchema);
    const { api } = setup(jsonResponse({ code: 0, msg: '', data: { items: ['x'], total: 1 } }));
    const e = await caught(api.get('/api/x', { schema }));
    expect(e.code).toBe(500);
    const ok = setup(jsonResponse({ code: 0, msg: '', data: { items: [3], total: 1 } }));
    await expect(ok.api.get('/api/x', { schema })).resolves.toEqual({ items: [3], total: 1 });
  });
});
