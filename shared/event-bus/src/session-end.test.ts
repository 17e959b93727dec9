import type { BusPayload } from '@ptt/contracts';
import type { ApiClient } from './api-client';
import { ApiError } from './api-error';
import { createEventBus } from './bus';
import { withSessionEnd } from './session-end';

function setup(error: ApiError | null) {
  const bus = createEventBus();
  const expired: Array<BusPayload<'session/expired'>> = [];
  bus.on('session/expired').subscribe((e) => expired.push(e));
  const answer = () => (error ? Promise.reject(error) : Promise.resolve('ok'));
  const inner = { get: jest.fn(answer), post: jest.fn(answer), put: jest.fn(answer), patch: jest.fn(answer), del: jest.fn(answer), upload: jest.fn(answer) } as unknown as jest.Mocked<ApiClient>;
  return { api: withSessionEnd(inner, bus, ['/api/auth/logout']), expired, inner };
}

describe('withSessionEnd', () => {
  it.each([10000, 10001])('publishes session/expired for code %i and still rejects', async (code) => {
    const { api, expired } = setup(new ApiError(code, `serverCode.${code}`, 401, 'no'));
    await expect(api.get('/api/users')).rejects.toMatchObject({ code });
    expect(expired).toEqual([{ code }]);
  });

  it("passes on the server's reason, and drops one it does not know", async () => {
    const changed = setup(new ApiError(10000, 'serverCode.10000', 401, 'no', { reason: 'accountChanged' }));
    await expect(changed.api.get('/api/me')).rejects.toMatchObject({ code: 10000 });
    expect(changed.expired).toEqual([{ code: 10000, reason: 'accountChanged' }]);
    const odd = setup(new ApiError(10001, 'serverCode.10001', 401, 'no', { reason: 'solar flare' }));
    await expect(odd.api.get('/api/me')).rejects.toMatchObject({ code: 10001 });
    expect(odd.expired).toEqual([{ code: 10001 }]);
  });

  it('leaves other errors and successes alone', async () => {
    const failing = setup(new ApiError(2001, 'serverCode.2001', 403, 'no'));
    await expect(failing.api.post('/api/users', {})).rejects.toMatchObject({ code: 2001 });
    expect(failing.expired).toEqual([]);
    const fine = setup(null);
    await expect(fine.api.del('/api/x')).resolves.toBe('ok');
    expect(fine.inner.del).toHaveBeenCalledWith('/api/x');
  });

  it('watches PATCH and uploads like every other call', async () => {
    const { api, expired } = setup(new ApiError(10001, 'serverCode.10001', 401, 'no'));
    await expect(api.patch('/api/me', {})).rejects.toMatchObject({ code: 10001 });
    await expect(api.upload('/api/me/avatar', new FormData())).rejects.toMatchObject({ code: 10001 });
    expect(expired).toEqual([{ code: 10001 }, { code: 10001 }]);
  });

  it('ignores a refused session on the excepted paths', async () => {
    const { api, expired } = setup(new ApiError(10000, 'serverCode.10000', 401, 'no'));
    await expect(api.post('/api/auth/logout')).rejects.toMatchObject({ code: 10000 });
    expect(expired).toEqual([]);
  });
});
