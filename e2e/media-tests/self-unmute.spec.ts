import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { cspTest as test } from '../harness/csp';
import { loginViaApi } from '../harness/fixtures';
import { guardLoopback } from '../harness/loopback';
import { energyRate, installMediaProbes } from '../harness/media';
import { openConsole } from './support/console';
import { joinAsRogue, type RoguePath, type RogueWindow } from './support/rogue';
import { HEARD, SILENT, audioAt, speakingSuite, type SpeakingSuite } from './support/speaking';

// Issue 7, acceptance 2: a client that drives janus.js itself, with a valid session, joins its
// channel's room and then tries to unmute itself without the floor. The proxy refuses every way
// of asking, Janus itself refuses anyone without the server's API secret, and the dispatcher
// hears nothing although the rogue's microphone audio keeps arriving at Janus. Both PTT paths:
// the VideoRoom (PTT_MEDIA=sfu, issue 18: the server's `moderate` is the gate, and the proxy holds
// back a publisher's answer until it is muted) and the AudioBridge (PTT_MEDIA=mix).

/** Janus's own HTTP port, from the configuration the server wrote for it. */
function janusPort(suite: SpeakingSuite): number {
  const cfg = readFileSync(path.join(suite.server.dataDir, 'janus', 'config', 'janus.transport.http.jcfg'), 'utf8');
  const m = /\bport\s*=\s*(\d+)/.exec(cfg);
  if (!m) throw new Error('no port in the Janus HTTP transport configuration');
  return Number(m[1]);
}

/** The channel's chat id as the dispatcher's console lists it. */
async function generalChatId(page: Page): Promise<string> {
  const chats = await page.evaluate(async () => {
    const res = await fetch('/api/chats', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` } });
    return ((await res.json()) as { data: Array<{ chatId: string; title: string }> }).data;
  });
  const general = chats.find((c) => c.title === 'General');
  expect(general, JSON.stringify(chats)).toBeTruthy();
  return general!.chatId;
}

/** The rogue's own floor request, through the REST API like any console: the positive control. */
function floorCall(page: Page, url: string, chatId: string): Promise<number> {
  return page.evaluate(
    async ({ u, chat }) => {
      const headers = { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' };
      return (await fetch(u, { method: 'POST', headers, body: JSON.stringify({ chatId: chat, maxDurationS: 10 }) })).status;
    },
    { u: url, chat: chatId },
  );
}

/** The refusals of each path: every way of unmuting oneself or reaching into the room's management. */
async function refusals(path: RoguePath, ask: (m: Record<string, unknown>) => Promise<string | null>, chatId: string, id: string | null): Promise<void> {
  if (path === 'mix') {
    expect(await ask({ request: 'configure', muted: false })).toMatch(/muted: true only/);
    expect(await ask({ request: 'unmute', room: chatId, id: 'u1' })).not.toBeNull();
    expect(await ask({ request: 'configure', display: 'u7' })).not.toBeNull();
    expect(await ask({ request: 'enable_recording', room: chatId, record: true })).not.toBeNull();
    expect(await ask({ request: 'join', room: chatId, muted: false })).not.toBeNull();
    return;
  }
  expect(id).toBeTruthy();
  expect(await ask({ request: 'moderate', room: chatId, id, mid: '0', mute: false })).not.toBeNull();
  expect(await ask({ request: 'configure', audio: true, video: false, record: true })).not.toBeNull();
  expect(await ask({ request: 'configure', streams: [{ mid: '0', send: true }] })).not.toBeNull();
  expect(await ask({ request: 'configure', display: 'u7' })).not.toBeNull();
  expect(await ask({ request: 'rtp_forward', room: chatId, publisher_id: id, host: '127.0.0.1', streams: [{ mid: '0', port: 5002 }] })).not.toBeNull();
  expect(await ask({ request: 'enable_recording', room: chatId, record: true })).not.toBeNull();
  expect(await ask({ request: 'kick', room: chatId, id: 'u1' })).not.toBeNull();
  expect(await ask({ request: 'join', ptype: 'subscriber', chatId, streams: [{ feed: id }] })).not.toBeNull();
  // What the proxy lets a publisher say changes nothing: the server's moderation stands.
  expect(await ask({ request: 'configure', audio: true, video: false })).toBeNull();
}

for (const pttPath of ['sfu', 'mix'] as const) {
  test.describe(`PTT_MEDIA=${pttPath}`, () => {
    const suite = speakingSuite({ env: { PTT_MEDIA: pttPath } });

    test('a client that unmutes itself through janus.js without the floor is not heard', async ({ browser }) => {
      const dispatcher = await openConsole(browser, suite.server.baseURL, 'dispatcher1');
      const chatId = await generalChatId(dispatcher.page);

      const context = await suite.speaker.newContext();
      const outside = await guardLoopback(context);
      await installMediaProbes(context);
      const rogue = await context.newPage();
      await loginViaApi(rogue, suite.server.baseURL, 'member3');
      await joinAsRogue(rogue, chatId, pttPath);

      const ask = (message: Record<string, unknown>) => rogue.evaluate((m) => (window as unknown as RogueWindow).rogue.ask(m), message);
      const id = await rogue.evaluate(() => (window as unknown as RogueWindow).rogue.id);
      await refusals(pttPath, ask, chatId, id);

      // Janus itself answers nobody without the server's API secret. Asked from outside the page:
      // the console's CSP (connect-src 'self') already stops the page from reaching Janus's port.
      const res = await fetch(`http://127.0.0.1:${janusPort(suite)}/janus`, { method: 'POST', body: JSON.stringify({ janus: 'create', transaction: 'x' }) });
      const direct = (await res.json()) as { janus: string; error?: { code: number; reason: string } };
      expect(direct.janus).toBe('error');
      expect(direct.error?.reason).toMatch(/secret|unauthori/i);

      // The rogue's audio keeps flowing into Janus, and the dispatcher hears none of it.
      const sent = () => rogue.evaluate(() => (window as unknown as RogueWindow).rogue.sent());
      const sentBefore = await sent();
      expect(await energyRate(dispatcher.page, 3_000)).toBeLessThan(SILENT);
      expect((await sent()) - sentBefore).toBeGreaterThan(100);

      if (pttPath === 'sfu') {
        // A new publish makes new streams, which Janus creates unmuted: the server mutes them again
        // before the rogue gets its answer, so there is no moment in which it is heard.
        await rogue.evaluate(() => (window as unknown as RogueWindow).rogue.republish());
        const again = await sent();
        expect(await energyRate(dispatcher.page, 3_000)).toBeLessThan(SILENT);
        expect((await sent()) - again).toBeGreaterThan(100);
      }

      // The control: with the floor, the same client is heard; released, it is silent again.
      expect(await floorCall(rogue, '/api/ptt/floor', chatId)).toBe(200);
      await audioAt(dispatcher.page).toBeGreaterThan(HEARD);
      expect(await floorCall(rogue, '/api/ptt/floor/release', chatId)).toBe(200);
      await audioAt(dispatcher.page).toBeLessThan(SILENT);

      expect(outside).toEqual([]);
      expect(dispatcher.outside).toEqual([]);
      await context.close();
      await dispatcher.context.close();
    });
  });
}
