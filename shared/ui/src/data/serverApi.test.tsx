import { act, render, screen } from '@testing-library/react';
import { pageSchema, userSummarySchema } from '@ptt/contracts';
import type { Page, UserSummary } from '@ptt/contracts';
import { ApiError, createEventBus } from '@ptt/event-bus';
import type { ApiClient } from '@ptt/event-bus';
import { initI18n } from '../i18n/i18n';
import { bindBusInvalidation } from './busInvalidation';
import { DataProvider } from './DataProvider';
import { serverApi } from './serverApi';
import type { ServerFailure } from './serverApi';

const usersApi = serverApi.injectEndpoints({
  endpoints: (build) => ({
    testUsers: build.query<Page<UserSummary>, { q: string }>({
      query: ({ q }) => ({ path: '/api/users', query: { q }, schema: pageSchema(userSummarySchema) }),
      providesTags: ['User'],
    }),
  }),
});

function Users() {
  const { data, error } = usersApi.useTestUsersQuery({ q: 'a' });
  if (error) return <p>failed {(error as ServerFailure).code}</p>;
  return <p>{data ? `users ${data.total}` : 'loading'}</p>;
}

function fakeApi(get: (path: string, options?: unknown) => Promise<unknown>): ApiClient {
  const no = () => Promise.reject(new Error('not in this test'));
  return { get, post: no, put: no, patch: no, del: no, upload: no } as unknown as ApiClient;
}

const user = { uid: 7, account: 'u7', nickname: 'Ann', role: 0, locked: false, avatar: '' };

beforeAll(() => initI18n());

describe('server data', () => {
  it('asks through the ApiClient with the endpoint path, query and schema', async () => {
    const get = jest.fn(() => Promise.resolve({ items: [], total: 7 }));
    render(
      <DataProvider api={fakeApi(get)} bus={createEventBus()}>
        <Users />
      </DataProvider>,
    );
    expect(await screen.findByText('users 7')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/api/users', expect.objectContaining({ query: { q: 'a' }, schema: expect.anything() as unknown }));
  });

  it('keeps a refusal as an ApiError with its code', async () => {
    const get = jest.fn(() => Promise.reject(new ApiError(2001, 'serverCode.2001', 403, 'no')));
    render(
      <DataProvider api={fakeApi(get)} bus={createEventBus()}>
        <Users />
      </DataProvider>,
    );
    expect(await screen.findByText('failed 2001')).toBeInTheDocument();
  });

  it('refetches a list when the bus says another console changed it, once per burst', async () => {
    let calls = 0;
    const get = jest.fn(() => Promise.resolve({ items: [], total: (calls += 1) }));
    const bus = createEventBus();
    render(
      <DataProvider api={fakeApi(get)} bus={bus}>
        <Users />
      </DataProvider>,
    );
    expect(await screen.findByText('users 1')).toBeInTheDocument();
    act(() => {
      for (let i = 0; i < 5; i += 1) bus.publish('ws/ent', { kind: 'UserUp', data: user, topic: 'ent/listen/100001' } as never);
    });
    expect(await screen.findByText('users 2', {}, { timeout: 2000 })).toBeInTheDocument();
    // Presence is not a list change.
    act(() => bus.publish('ws/ent', { kind: 'OnLine', data: { ...user, status: 'online' }, topic: 'ent/listen/100001' } as never));
    await new Promise((r) => setTimeout(r, 500));
    expect(get).toHaveBeenCalledTimes(2);
  });
});

describe('bindBusInvalidation', () => {
  it('gathers the tags of a burst into one invalidation', () => {
    jest.useFakeTimers();
    try {
      const bus = createEventBus();
      const invalidate = jest.fn<undefined, [string[]]>();
      const stop = bindBusInvalidation(bus, invalidate, 300);
      bus.publish('ws/ent', { kind: 'UserAdd', data: user, topic: 'ent/listen/1' } as never);
      bus.publish('ws/ent', { kind: 'ChannelChange', data: { action: 'update', channelId: 3, name: 'Gate', enabled: true }, topic: 'ent/listen/1' } as never);
      expect(invalidate).not.toHaveBeenCalled();
      jest.advanceTimersByTime(300);
      expect(invalidate).toHaveBeenCalledTimes(1);
      expect(new Set((invalidate.mock.calls as string[][][])[0]?.[0])).toEqual(new Set(['User', 'Channel', 'OperationRecord']));
      stop();
      bus.publish('ws/ent', { kind: 'UserAdd', data: user, topic: 'ent/listen/1' } as never);
      jest.advanceTimersByTime(300);
      expect(invalidate).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('tells patrol changes apart by what changed: a check-in refetches runs, not plans (ADR 029)', () => {
    jest.useFakeTimers();
    try {
      const bus = createEventBus();
      const invalidate = jest.fn<undefined, [string[]]>();
      const stop = bindBusInvalidation(bus, invalidate, 300);
      const run = { id: 4, taskId: 2, status: 'active', done: 1, missed: 0, total: 3 };
      bus.publish('ws/patrol', { kind: 'PatrolChange', data: { what: 'checkin', id: 9, run }, topic: 'dispatch/1' } as never);
      jest.advanceTimersByTime(300);
      expect((invalidate.mock.calls as string[][][])[0]?.[0]).toEqual(['PatrolRun']);
      bus.publish('ws/patrol', { kind: 'PatrolChange', data: { what: 'node', id: 3, run: null }, topic: 'dispatch/1' } as never);
      jest.advanceTimersByTime(300);
      expect(new Set((invalidate.mock.calls as string[][][])[1]?.[0])).toEqual(new Set(['PatrolNode', 'PatrolTask', 'OperationRecord']));
      stop();
    } finally {
      jest.useRealTimers();
    }
  });
});
