// Unit-test support for the account dialogs (imported by tests only).
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { FluentProvider } from '@fluentui/react-components';
import type { Page, UserSummary } from '@ptt/contracts';
import { addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
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

const emptyPage = <T,>(): Promise<Page<T>> => Promise.resolve({ items: [], total: 0 });

export function fakeAccountApi(overrides: Partial<AccountApi> = {}): jest.Mocked<AccountApi> {
  let n = 0;
  return {
    loginRecords: jest.fn(emptyPage),
    operations: jest.fn(emptyPage),
    sosRecords: jest.fn(emptyPage),
    captcha: jest.fn(() => Promise.resolve({ id: `c${++n}`, svg: `<svg xmlns="http://www.w3.org/2000/svg"><text>${n}</text></svg>`, expiresAt: '' })),
    changePassword: jest.fn(() => Promise.resolve()),
    setNickname: jest.fn((nickname: string) => Promise.resolve({ ...USER, nickname })),
    uploadAvatar: jest.fn(() => Promise.resolve({ ...USER, avatar: 'file-1' })),
    avatarId: jest.fn(() => Promise.resolve(null)),
    ...overrides,
  } as jest.Mocked<AccountApi>;
}

export function renderDialog(ui: ReactElement) {
  initI18n();
  addRemoteStrings(NS, en, zh);
  return render(<FluentProvider theme={pttTheme}>{ui}</FluentProvider>);
}
