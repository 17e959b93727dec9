// Unit-test support for the account dialogs (imported by tests only).
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { FluentProvider } from '@fluentui/react-components';
import type { UserSummary } from '@ptt/contracts';
import { createEventBus } from '@ptt/event-bus';
import type { ApiClient } from '@ptt/event-bus';
import { DataProvider, addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import type { AccountApi } from './api';
import { NS, en, zh } from './strings';

export const USER: UserSummary = {
  id: 9,
  account: 'member1',
  nickname: 'Member 1',
  role: 0,
  locked: false,
  avatar: null,
  dispatcherId: null,
  dispatcherNickname: null,
  channelRemark: null,
  tags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
};

export function fakeAccountApi(overrides: Partial<AccountApi> = {}): jest.Mocked<AccountApi> {
  let n = 0;
  return {
    captcha: jest.fn(() => Promise.resolve({ id: `c${++n}`, svg: `<svg xmlns="http://www.w3.org/2000/svg"><text>${n}</text></svg>`, expiresAt: '' })),
    changePassword: jest.fn(() => Promise.resolve()),
    setNickname: jest.fn((nickname: string) => Promise.resolve({ ...USER, nickname })),
    uploadAvatar: jest.fn(() => Promise.resolve({ ...USER, avatar: 'file-1' })),
    avatarId: jest.fn(() => Promise.resolve(null)),
    ...overrides,
  } as jest.Mocked<AccountApi>;
}

type GetArgs = [path: string, options?: { query?: Record<string, unknown> }];
export type FakeGet = jest.Mock<Promise<unknown>, GetArgs>;

/** A fake ApiClient.get answering with `answer`. */
export const fakeGet = (answer: (...args: GetArgs) => Promise<unknown>): FakeGet => jest.fn<Promise<unknown>, GetArgs>(answer);

/** Renders a dialog; `get` answers the server data it asks for (an empty page by default). */
export function renderDialog(ui: ReactElement, get: FakeGet = fakeGet(() => Promise.resolve({ items: [], total: 0 }))) {
  initI18n();
  addRemoteStrings(NS, en, zh);
  const fail = () => Promise.reject(new Error('not used by these dialogs'));
  const api = { get, post: fail, put: fail, patch: fail, del: fail, upload: fail } as unknown as ApiClient;
  return render(
    <FluentProvider theme={pttTheme}>
      <DataProvider api={api} bus={createEventBus()}>
        {ui}
      </DataProvider>
    </FluentProvider>,
  );
}
