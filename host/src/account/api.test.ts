import { ServerCode } from '@ptt/contracts';
import { ApiError, createEventBus } from '@ptt/event-bus';
import type { ApiClient } from '@ptt/event-bus';
import { avatarUrl, createAccountApi } from './api';
import { USER } from './testing';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answer(status: number, envelope: unknown) {
  globalThis.fetch = jest.fn(() => Promise.resolve({ status, text: () => Promise.resolve(JSON.stringify(envelope)) } as Response));
}

function setup() {
  const bus = createEventBus();
  const expired: number[] = [];
  bus.on('session/expired').subscribe(({ code }) => expired.push(code));
  const api = createAccountApi({} as ApiClient, () => 'tok', bus);
  return { api, expired };
}

describe('account api', () => {
  it('returns the updated user of PATCH /api/me', async () => {
    answer(200, { code: 0, msg: 'ok', data: { ...USER, nickname: 'New' } });
    await expect(setup().api.setNickname('New')).resolves.toMatchObject({ nickname: 'New' });
  });

  it('reports the most precise key of a refusal: the field issue, then the rule, then the code', async () => {
    const { api } = setup();
    answer(400, { code: ServerCode.ParameterError, msg: 'bad', data: { issues: [{ path: 'nickname', message: 'validation.nicknameIllegal' }] } });
    await expect(api.setNickname('x')).rejects.toMatchObject({ code: ServerCode.ParameterError, i18nKey: 'validation.nicknameIllegal' });
    answer(413, { code: ServerCode.FileSizeQuotaExceeded, msg: 'big', data: { reason: 'rule.fileTooLarge' } });
    await expect(api.setNickname('x')).rejects.toMatchObject({ i18nKey: 'rule.fileTooLarge' });
    answer(500, { code: ServerCode.ServiceException, msg: 'oops', data: null });
    await expect(api.setNickname('x')).rejects.toMatchObject({ i18nKey: 'serverCode.500' });
  });

  it('tells the bus when the session has ended, like every other call of the host', async () => {
    const { api, expired } = setup();
    answer(401, { code: ServerCode.AuthorizationFailed, msg: 'no', data: null });
    await expect(api.setNickname('x')).rejects.toBeInstanceOf(ApiError);
    expect(expired).toEqual([ServerCode.AuthorizationFailed]);
  });

  it('a network failure is the network error, not a session end', async () => {
    const { api, expired } = setup();
    globalThis.fetch = jest.fn(() => Promise.reject(new Error('offline')));
    await expect(api.setNickname('x')).rejects.toMatchObject({ i18nKey: 'client.networkError' });
    expect(expired).toEqual([]);
  });

  it('serves the avatar with the token in the query, since an <img> sends no header', () => {
    expect(avatarUrl('abc_DEF-123', 't/k')).toBe('/api/files/abc_DEF-123?at=t%2Fk');
  });
});
