// The writers of server-kill.test.ts: each keeps one kind of write going against a real server
// process until it dies, and notes what the server acknowledged (code 0) and what it was asked
// without answering. kill-checks.ts then looks for all of it in the database.
import http from 'node:http';
import ExcelJS from 'exceljs';
import { MessageType, USER_SHEET_COLUMNS, XLSX_MIME, type ChatListItem } from '@ptt/contracts';
import { DEMO_ENT_ID, DEMO_PASSWORD } from '../src/seed/demo';

export interface Envelope<T> {
  code: number;
  data: T;
}

export async function call<T>(baseUrl: string, method: string, url: string, token: string | null, body?: unknown): Promise<Envelope<T>> {
  const res = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const envelope = (await res.json()) as Envelope<T>;
  // A token ended by another login of the account is the test's mistake, not a refused write.
  if (envelope.code === 10000 || envelope.code === 10001) throw new Error(`${method} ${url}: session refused (${envelope.code})`);
  return envelope;
}

export async function tokenOf(baseUrl: string, account: string): Promise<string> {
  const r = await call<{ auth_token: string }>(baseUrl, 'POST', '/api/auth/login', null, { entId: DEMO_ENT_ID, account, password: DEMO_PASSWORD });
  if (r.code !== 0) throw new Error(`login of ${account} failed with ${r.code}`);
  return r.data.auth_token;
}

/** A channel's chat id, found by its name in the account's chat list. */
export async function channelChat(baseUrl: string, token: string, title: string): Promise<string> {
  const r = await call<ChatListItem[]>(baseUrl, 'GET', '/api/chats', token);
  const chat = r.data.find((c) => c.channelId !== null && c.title === title);
  if (!chat) throw new Error(`no chat ${title}: ${JSON.stringify(r.data.map((c) => c.title))}`);
  return chat.chatId;
}

/** Everything the writers were asked and what came back, over all rounds of one database. */
export interface Ledger {
  users: string[];
  messages: { id: number; text: string }[];
  imports: { file: string; accounts: string[]; acked: boolean }[];
  activations: { deviceId: number; uid: number }[];
}

export const newLedger = (): Ledger => ({ users: [], messages: [], imports: [], activations: [] });

export const ackCount = (l: Ledger): number => l.users.length + l.messages.length + l.imports.filter((i) => i.acked).length + l.activations.length;

export interface Writers {
  baseUrl: string;
  round: number;
  ledger: Ledger;
  /** Set once the server is gone: every writer ends at its next step. */
  dead: () => boolean;
}

/** Ends quietly when the connection dies with the server; any other failure is the test's. */
async function untilDead(w: Writers, step: (i: number) => Promise<void>): Promise<void> {
  for (let i = 0; !w.dead(); i++) {
    try {
      await step(i);
    } catch (err) {
      if (w.dead()) return;
      throw err;
    }
  }
}

export function userWriter(w: Writers, token: string, lane: number): Promise<void> {
  return untilDead(w, async (i) => {
    const account = `k${w.round}u${lane}x${i}`;
    const r = await call(w.baseUrl, 'POST', '/api/users', token, { account, nickname: 'Kill Test', password: 'secret1' });
    if (r.code === 0) w.ledger.users.push(account);
  });
}

/** Chat allows 10 messages per 5 s per user: a 600 'too fast' is simply not acknowledged. */
export function chatWriter(w: Writers, token: string, chatId: string): Promise<void> {
  return untilDead(w, async (i) => {
    const text = `kill round ${w.round} message ${i}`;
    const r = await call<{ id: number }>(w.baseUrl, 'POST', `/api/chats/${chatId}/messages`, token, { type: MessageType.Text, content: { text } });
    if (r.code === 0) w.ledger.messages.push({ id: r.data.id, text });
    await new Promise((res) => setTimeout(res, 450));
  });
}

async function sheet(accounts: readonly string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Users');
  ws.addRow([...USER_SHEET_COLUMNS]);
  for (const a of accounts) ws.addRow([a, 'Kill Import', 'secret1']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Imports of 5 new accounts each: one transaction, so an unanswered one is all or nothing. */
export function importWriter(w: Writers, token: string): Promise<void> {
  return untilDead(w, async (i) => {
    const file = `k${w.round}i${i}.xlsx`;
    const accounts = Array.from({ length: 5 }, (_, n) => `k${w.round}i${i}n${n}`);
    const entry = { file, accounts, acked: false };
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await sheet(accounts))], { type: XLSX_MIME }), file);
    w.ledger.imports.push(entry);
    const res = await fetch(`${w.baseUrl}/api/users/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const r = (await res.json()) as Envelope<{ created: number }>;
    if (r.code === 0 && r.data.created === accounts.length) entry.acked = true;
  });
}

/** Two new accounts and two new devices (all acknowledged), then one batch activating both. */
export function batchWriter(w: Writers, superToken: string): Promise<void> {
  return untilDead(w, async (i) => {
    const items: { deviceId: number; uid: number }[] = [];
    for (let n = 0; n < 2; n++) {
      const u = await call<{ id: number }>(w.baseUrl, 'POST', '/api/users', superToken, { account: `k${w.round}b${i}n${n}`, nickname: 'Kill Batch', password: 'secret1' });
      const d = await call<{ id: number }>(w.baseUrl, 'POST', '/api/devices', superToken, { name: `Kill ${w.round} ${i} ${n}`, platform: 'android' });
      if (u.code !== 0 || d.code !== 0) throw new Error(`setting up a batch failed: ${u.code} ${d.code}`);
      items.push({ deviceId: d.data.id, uid: u.data.id });
    }
    const r = await call<{ results: { deviceId: number; uid: number; ok: boolean }[] }>(w.baseUrl, 'POST', '/api/devices/batch-activate', superToken, { items });
    if (r.code === 0) for (const res of r.data.results) if (res.ok) w.ledger.activations.push({ deviceId: res.deviceId, uid: res.uid });
  });
}

/**
 * Starts an export over a real socket and resolves with its first chunk, leaving the rest unread
 * so the server is killed mid-stream. `finish` reads on and tells whether the file came whole
 * (the kill may have come after the server had written everything to the socket).
 */
export function startExport(baseUrl: string, url: string, token: string): Promise<{ status: number; finish: () => Promise<'whole' | 'cut'> }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}${url}`, { agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      const ended = new Promise<'whole' | 'cut'>((end) => {
        res.on('end', () => end(res.complete ? 'whole' : 'cut'));
        res.on('error', () => end('cut'));
        res.on('aborted', () => end('cut'));
        res.on('close', () => end(res.complete ? 'whole' : 'cut'));
      });
      res.once('data', () => {
        res.pause();
        resolve({
          status: res.statusCode ?? 0,
          finish: () => {
            res.resume();
            return ended;
          },
        });
      });
    });
    req.on('error', reject);
  });
}
