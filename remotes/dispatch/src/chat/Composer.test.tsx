import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { FluentProvider } from '@fluentui/react-components';
import { MessageType } from '@ptt/contracts';
import { createEventBus } from '@ptt/event-bus';
import type { ApiClient } from '@ptt/event-bus';
import { addRemoteStrings, initI18n, pttTheme } from '@ptt/ui';
import { createDispatchStore } from '../store';
import { NS } from '../core';
import { en, zh } from '../strings';
import { Composer } from './Composer';
import { ChatServicesContext } from './context';
import { CHAT, ME } from './test/messages';

// The map is @ptt/map's (its own tests); here the picker's typed coordinates are what is sent.
jest.mock('./MapPoint', () => ({ __esModule: true, default: () => <div role="region" aria-label="map" /> }));

// Fluent's popovers and dialogs are slow in jsdom on a busy machine.
jest.setTimeout(20_000);

const FILE_ID = 'AbCdEfGhIjKlMnOpQr';

function setup(maxFileBytes = 1_000_000) {
  const bus = createEventBus();
  initI18n({ bus });
  addRemoteStrings(NS, en, zh);
  // Uploads wait for `finish()`, so the test sees them in progress.
  let finish: () => void = () => undefined;
  const api = {
    get: jest.fn((path: string) => {
      if (path === '/api/enterprise') return Promise.resolve({ maxFileBytes });
      return Promise.reject(new Error(path));
    }),
    post: jest.fn((_path: string, body: { clientMsgId: string }) => Promise.resolve({ ...body, id: 1 })),
    upload: jest.fn((_path: string, form: FormData, opts: { onProgress?: (f: number) => void }) => {
      opts.onProgress?.(0.5);
      const file = form.get('file') as File;
      const meta = { id: FILE_ID, name: file.name, mime: file.type, size: file.size, createdAt: '2025-01-01T00:00:00Z', url: `/api/files/${FILE_ID}` };
      return new Promise((resolve) => {
        finish = () => resolve(meta);
      });
    }),
    put: jest.fn(),
    patch: jest.fn(),
    del: jest.fn(),
  };
  const services = { api: api as unknown as ApiClient, bus, files: {}, me: { ...ME, staff: true } };
  render(
    <Provider store={createDispatchStore()}>
      <FluentProvider theme={pttTheme}>
        <ChatServicesContext.Provider value={services}>
          <Composer chatId={CHAT} />
        </ChatServicesContext.Provider>
      </FluentProvider>
    </Provider>,
  );
  const sent = () => api.post.mock.calls.filter((c) => c[0] === `/api/chats/${CHAT}/messages`).map((c) => c[1]);
  return { api, bus, sent, finish: () => finish() };
}

describe('Composer', () => {
  const restore: (() => void)[] = [];
  afterEach(() => restore.splice(0).forEach((undo) => undo()));

  it('uploads a picked file with progress and sends it as a file message', async () => {
    const { api, sent, finish } = setup();
    const file = new File(['%PDF-1.4 report'], 'report.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText('Send a file', { selector: 'input' }), file);
    expect(await screen.findByText('Uploading report.pdf: 50%')).toBeInTheDocument();
    expect(sent()).toEqual([]);
    act(() => finish());
    await waitFor(() => expect(sent()).toHaveLength(1));
    const [path, form] = api.upload.mock.calls[0]!;
    expect(path).toBe('/api/files');
    expect((form.get('file') as File).name).toBe('report.pdf');
    expect(sent()[0]).toMatchObject({ type: MessageType.File, content: { fileId: FILE_ID, name: 'report.pdf', size: file.size } });
  });

  it('refuses a file over the enterprise limit before uploading it', async () => {
    const { api, sent } = setup(10);
    await userEvent.upload(screen.getByLabelText('Send an image', { selector: 'input' }), new File(['x'.repeat(11)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByText('The file is too large')).toBeInTheDocument();
    expect(api.upload).not.toHaveBeenCalled();
    expect(sent()).toEqual([]);
  });

  it('sends an expression picked from the grid', async () => {
    const { sent } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Expressions' }));
    // By label, not by role: Fluent keeps an opening popover invisible until its motion runs,
    // which jsdom on a busy machine may not get to.
    await userEvent.click(await screen.findByLabelText('Thumbs up', {}, { timeout: 8000 }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ type: MessageType.Expression, content: { code: 'thumbsup' } });
  });

  it('sends a location as WGS-84 coordinates', async () => {
    const { sent } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Send a location' }));
    // Found by text, not by accessible name: Fluent keeps an opening dialog invisible until its
    // motion runs, which jsdom on a busy machine may not get to (then nothing in it has a name).
    const dialog = await screen.findByRole('dialog', { hidden: true }, { timeout: 8000 });
    expect(dialog).toHaveTextContent('Send a location');
    const sendButton = () => within(dialog).getByText('Send location').closest('button')!;
    expect(sendButton()).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText('Longitude'), '116.3974');
    await userEvent.type(within(dialog).getByLabelText('Latitude'), '39.9087');
    await userEvent.click(sendButton());
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sent()[0]).toMatchObject({ type: MessageType.Location, content: { lng: 116.3974, lat: 39.9087, coord: 0 } });
  });

  it('records a voice message, uploads it and sends it with its duration', async () => {
    const stopTrack = jest.fn();
    class FakeRecorder {
      state = 'inactive';
      mimeType = 'audio/webm';
      ondataavailable: ((e: { data: Blob }) => void) | null = null;
      onstop: (() => void) | null = null;
      start() {
        this.state = 'recording';
      }
      stop() {
        this.state = 'inactive';
        this.ondataavailable?.({ data: new Blob(['voice'], { type: 'audio/webm' }) });
        this.onstop?.();
      }
    }
    Object.assign(globalThis, { MediaRecorder: FakeRecorder });
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: jest.fn(() => Promise.resolve({ getTracks: () => [{ stop: stopTrack }] })) },
    });
    // jsdom has neither; take them away again even when an assertion below fails.
    restore.push(() => {
      delete (globalThis as { MediaRecorder?: unknown }).MediaRecorder;
      delete (navigator as { mediaDevices?: unknown }).mediaDevices;
    });
    const { api, sent, finish } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Record a voice message' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Stop and send' }));
    await waitFor(() => expect(api.upload).toHaveBeenCalled());
    act(() => finish());
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(stopTrack).toHaveBeenCalled();
    expect((api.upload.mock.calls[0]![1].get('file') as File).name).toMatch(/^voice-\d+\.webm$/);
    const voice = sent()[0] as unknown as { type: number; content: { fileId: string; durationMs: number } };
    expect(voice).toMatchObject({ type: MessageType.Audio, content: { fileId: FILE_ID } });
    expect(voice.content.durationMs).toBeGreaterThanOrEqual(0);
  });
});
