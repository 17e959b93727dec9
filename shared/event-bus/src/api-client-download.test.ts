/**
 * @jest-environment node
 */
import { createApiClient, fileNameOf } from './api-client';
import type { FetchLike } from './api-client';
import { ApiError } from './api-error';

function setup(response: Response) {
  const fetchImpl = jest.fn<ReturnType<FetchLike>, Parameters<FetchLike>>(() => Promise.resolve(response));
  return { api: createApiClient({ baseUrl: 'http://api.test', getToken: () => 'tok', fetchImpl }), fetchImpl };
}

describe('api client download', () => {
  it('returns the bytes and the suggested name, with the bearer token and query', async () => {
    const { api, fetchImpl } = setup(new Response(new Uint8Array([80, 75, 3, 4]), {
      status: 200,
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="users.xlsx"' },
    }));
    const file = await api.download('/api/users/export', { query: { role: 0 } });
    expect(file.fileName).toBe('users.xlsx');
    expect(new Uint8Array(await file.blob.arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('http://api.test/api/users/export?role=0');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('throws the refusal of a JSON envelope', async () => {
    const { api } = setup(new Response(JSON.stringify({ code: 2001, msg: 'no', data: null }), { status: 403, headers: { 'content-type': 'application/json' } }));
    const e = await api.download('/api/users/export').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect((e as ApiError).code).toBe(2001);
  });

  it('reads plain and UTF-8 names from Content-Disposition', () => {
    expect(fileNameOf(null)).toBeNull();
    expect(fileNameOf('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(fileNameOf("attachment; filename=\"x.xlsx\"; filename*=UTF-8''%E7%94%A8%E6%88%B7.xlsx")).toBe('用户.xlsx');
  });
});
