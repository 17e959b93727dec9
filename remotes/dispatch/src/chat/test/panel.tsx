import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { FluentProvider } from '@fluentui/react-components';
import type { ChatMessage } from '@ptt/contracts';
import { createEventBus, signedFileUrl } from '@ptt/event-bus';
import type { ApiClient, DataSchema } from '@ptt/event-bus';
import { addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import { createDispatchStore } from '../../store';
import { NS } from '../../core';
import { en, zh } from '../../strings';
import { ChatPanel } from '../ChatPanel';
import { CHANNEL, CHAT, ME, PEER, textMessage } from './messages';

// A ChatPanel on a fake REST client, for the panel's tests.

export const TOKEN = 'tok-123';
export const FILE_ID = 'AbCdEfGhIjKlMnOpQr';
export const FILE_ACCESS = { link: 'Link_0123456789abcdefgh', key: 'key_0123456789abcdefghijklmnopqrstuvwxyz0123' };

/** The file's URL signed with the session's file key: this hour's, or the last hour's if the hour
 *  turned since the panel rendered (ADR 012). */
export function signedNow(fileId: string, url: string | null): string {
  const recent = [signedFileUrl(fileId, FILE_ACCESS), signedFileUrl(fileId, FILE_ACCESS, Date.now() - 3600_000)];
  return url !== null && recent.includes(url) ? url : recent[0]!;
}

type Handler = (path: string, body?: unknown, opts?: { query?: Record<string, unknown> }) => unknown;

/** The REST client with canned answers, checked by the caller's schema like the real one. */
export function fakeApi(routes: { get?: Handler; post?: Handler }) {
  const check = <T,>(data: unknown, schema?: DataSchema<T>) => {
    if (!schema) return data as T;
    const r = schema.safeParse(data);
    if (!r.success) throw new Error(`fake answer does not match the schema: ${JSON.stringify(data)}`);
    return r.data;
  };
  const call = (h: Handler | undefined, path: string, body?: unknown, opts?: { schema?: DataSchema<unknown>; query?: Record<string, unknown> }) =>
    Promise.resolve()
      .then(() => (h ? h(path, body, opts) : Promise.reject(new Error(`no route for ${path}`))))
      .then((d) => check(d, opts?.schema));
  const api = {
    get: jest.fn((path: string, opts?: { schema?: DataSchema<unknown> }) => call(routes.get, path, undefined, opts)),
    post: jest.fn((path: string, body?: unknown, opts?: { schema?: DataSchema<unknown> }) => call(routes.post, path, body, opts)),
    put: jest.fn(),
    patch: jest.fn(),
    del: jest.fn(),
    upload: jest.fn(),
  };
  return api;
}

export function setup(api: ReturnType<typeof fakeApi>, role: 0 | 1 = 1) {
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, en, zh);
  bus.publish('session', { id: ME.uid, ent: { id: 100001, name: 'Demo' }, auth_token: TOKEN, client_id: 'c1', account: 'dispatcher1', nickname: ME.nickname, role, file_link: FILE_ACCESS.link, file_key: FILE_ACCESS.key });
  const store = createDispatchStore();
  const chat = { chatId: CHAT, kind: 'group' as const, title: 'Enterprise', channelId: CHANNEL, peerId: null };
  render(
    <Provider store={store}>
      <FluentProvider theme={pttTheme}>
        <ChatPanel api={api as unknown as ApiClient} bus={bus} chat={chat} />
      </FluentProvider>
    </Provider>,
  );
  return { bus, store };
}

export const history = (items: ChatMessage[], hasMore = false) => ({ items, hasMore });
export const withType = (id: number, type: number, content: unknown, from = PEER): ChatMessage => ({ ...textMessage(id, ''), from, type, content }) as ChatMessage;

