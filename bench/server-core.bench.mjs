// Cold start, login latency, /ws2 ping round trip and presence fan-out on the embedded database.
import { WebSocket, login, startServer, summary } from './lib.mjs';

const open = (url) => new Promise((resolve, reject) => {
  const ws = new WebSocket(url);
  ws.once('open', () => resolve(ws));
  ws.once('error', reject);
});
const nextFrame = (ws, test) => new Promise((resolve) => {
  const on = (raw) => { const f = JSON.parse(String(raw)); if (test(f)) { ws.off('message', on); resolve(f); } };
  ws.on('message', on);
});

const server = await startServer();
try {
  const loginMs = [];
  for (let i = 0; i < 40; i += 1) {
    const t0 = performance.now();
    await login(server.base, 'member1');
    loginMs.push(performance.now() - t0);
  }

  const listener = await login(server.base, 'dispatcher2');
  const lws = await open(`${server.ws}?at=${listener.auth_token}`);
  const pingMs = [];
  for (let i = 0; i < 200; i += 1) {
    const t0 = performance.now();
    const pong = nextFrame(lws, (f) => f.t === 'Pong');
    lws.send(JSON.stringify({ code: 0, topic: 'sys/ping', data: null, t: 'Ping' }));
    await pong;
    pingMs.push(performance.now() - t0);
  }

  // Presence: a member's first online heartbeat until the dispatcher's socket hears OnLine.
  const member = await login(server.base, 'member2');
  const fanoutMs = [];
  for (let i = 0; i < 30; i += 1) {
    const mws = await open(`${server.ws}?at=${member.auth_token}`);
    const heard = nextFrame(lws, (f) => f.t === 'OnLine' && f.data?.uid === member.id && f.data?.status === 'online');
    const t0 = performance.now();
    mws.send(JSON.stringify({
      code: 0, topic: `icoTest/json/device/heartbeat/${member.ent.id}/${member.id}`, t: 'Heartbeat',
      data: { eid: member.ent.id, timestamp: Date.now(), method: 1, uid: member.id, event: 0, chat_id: '', platform: 'Web', cid: member.client_id, device: 'bench' },
    }));
    await heard;
    fanoutMs.push(performance.now() - t0);
    const offline = nextFrame(lws, (f) => f.data?.uid === member.id && f.data?.status === 'offline');
    mws.close();
    await offline;
  }
  lws.close();
  console.log(JSON.stringify({
    coldStartMs: Math.round(server.coldStartMs),
    loginMs: summary(loginMs),
    ws2PingRoundTripMs: summary(pingMs),
    presenceFanoutMs: summary(fanoutMs),
  }));
} finally {
  server.stop();
}
