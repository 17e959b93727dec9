#!/usr/bin/env node
// Runs a command inside a private network namespace, for tests that carry WebRTC media:
//
//   node scripts/netns.mjs -- <command> [args...]
//
// Janus skips loopback interfaces when it gathers ICE candidates (known-facts.md), so media needs
// a real interface. The namespace gets `lo` up plus a veth pair whose BOTH ends stay inside it
// (10.77.0.1/24 and 10.77.0.2/24) and no default route: Janus, the server and Chromium all run
// inside, signalling uses the namespace's own 127.0.0.1, and nothing can leave. The namespace is
// named after this process (ptt-media-<pid>) and is always deleted afterwards, with every process
// still inside it: on success, failure, Ctrl-C or SIGTERM. Namespaces left by a netns.mjs that was
// killed with SIGKILL are swept on the next run.
//
// Inside, PTT_NETNS names the namespace and PTT_NETNS_ADDRS lists the two addresses. Exit status:
// the command's; 125 when the namespace cannot be made (not root, no CAP_NET_ADMIN, no `ip`).
import { spawn, spawnSync } from 'node:child_process';
import { constants } from 'node:os';

const NETNS_UNAVAILABLE = 125;
const PREFIX = 'ptt-media-';
const ADDRS = ['10.77.0.1', '10.77.0.2'];
const NAME = `${PREFIX}${process.pid}`;
const log = (...a) => console.error('[netns]', ...a);

/** Runs `ip` synchronously; throws with its stderr unless `allowFail`. */
function ip(args, { allowFail = false } = {}) {
  const r = spawnSync('ip', args, { encoding: 'utf8' });
  if (r.error) throw Object.assign(new Error(`cannot run ip (${r.error.message}): install iproute2`), { unavailable: true });
  if (r.status !== 0 && !allowFail) throw new Error(`ip ${args.join(' ')}: ${r.stderr.trim() || `exit ${r.status}`}`);
  return r;
}

const namespaces = () => ip(['netns', 'list'], { allowFail: true }).stdout.split('\n').map((l) => l.split(' ')[0]).filter(Boolean);
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (e) { return e.code === 'EPERM'; } };
const pidsIn = (name) => ip(['netns', 'pids', name], { allowFail: true }).stdout.split('\n').map(Number).filter((n) => n > 0);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Ends every process still inside `name` (TERM, then KILL after `graceMs`), then deletes it. */
async function remove(name, graceMs = 3000) {
  let pids = pidsIn(name);
  for (const p of pids) { try { process.kill(p, 'SIGTERM'); } catch { /* gone */ } }
  const deadline = Date.now() + graceMs;
  while (pids.length > 0 && Date.now() < deadline) { await sleep(50); pids = pidsIn(name); }
  for (const p of pids) { try { process.kill(p, 'SIGKILL'); } catch { /* gone */ } }
  if (pids.length > 0) await sleep(100);
  ip(['netns', 'delete', name], { allowFail: true });
}

/** Namespaces of earlier runs whose netns.mjs no longer exists (it was SIGKILLed). */
async function sweep() {
  for (const n of namespaces()) {
    const pid = Number(n.slice(PREFIX.length));
    if (n.startsWith(PREFIX) && pid > 0 && pid !== process.pid && !alive(pid)) {
      log(`removing ${n}, left behind by an earlier run`);
      await remove(n, 500);
    }
  }
}

function create() {
  try {
    ip(['netns', 'add', NAME]);
  } catch (err) {
    err.unavailable = true;
    throw err;
  }
  const inNs = (args) => ip(['-n', NAME, ...args]);
  inNs(['link', 'set', 'lo', 'up']);
  // Created inside the namespace, so neither end ever exists in the host's.
  inNs(['link', 'add', 'veth0', 'type', 'veth', 'peer', 'name', 'veth1']);
  inNs(['addr', 'add', `${ADDRS[0]}/24`, 'dev', 'veth0']);
  inNs(['addr', 'add', `${ADDRS[1]}/24`, 'dev', 'veth1']);
  inNs(['link', 'set', 'veth0', 'up']);
  inNs(['link', 'set', 'veth1', 'up']);
  // The guarantee that nothing leaves: an outside address has no route (a lookup, no traffic).
  const outside = ip(['-n', NAME, 'route', 'get', '192.0.2.1'], { allowFail: true });
  if (outside.status === 0) throw new Error(`namespace ${NAME} has a route outside: ${outside.stdout.trim()}`);
}

async function main() {
  const sep = process.argv.indexOf('--');
  const command = sep >= 0 ? process.argv.slice(sep + 1) : process.argv.slice(2);
  if (command.length === 0) {
    log('usage: node scripts/netns.mjs -- <command> [args...]');
    return 2;
  }
  const started = performance.now();
  try {
    await sweep();
    create();
  } catch (err) {
    await remove(NAME, 0);
    if (err.unavailable) {
      log(`cannot create a network namespace: ${err.message}`);
      log('media tests and benches need `ip netns` (iproute2), run as root or with CAP_NET_ADMIN and CAP_SYS_ADMIN.');
      return NETNS_UNAVAILABLE;
    }
    throw err;
  }
  const setupMs = Math.round(performance.now() - started);
  log(`${NAME} ready in ${setupMs} ms (${ADDRS.join(', ')}, no route outside)`);

  const child = spawn('ip', ['netns', 'exec', NAME, ...command], {
    stdio: 'inherit',
    env: { ...process.env, PTT_NETNS: NAME, PTT_NETNS_ADDRS: ADDRS.join(','), PTT_NETNS_SETUP_MS: String(setupMs) },
  });
  let signals = 0;
  const forward = (sig) => {
    signals += 1;
    // A terminal's Ctrl-C already reached the command (same process group); send it only when
    // it came from elsewhere, and end everything in the namespace on a second signal.
    if (signals > 1) for (const p of pidsIn(NAME)) { try { process.kill(p, 'SIGKILL'); } catch { /* gone */ } }
    else if (!(sig === 'SIGINT' && process.stdin.isTTY)) child.kill(sig);
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, forward);
  const [code, signal] = await new Promise((resolve) => {
    child.once('error', (err) => { log(err.message); resolve([127, null]); });
    child.once('exit', (c, s) => resolve([c, s]));
  });
  await remove(NAME);
  if (signal) return 128 + (constants.signals[signal] ?? 15);
  return code ?? 1;
}

main().then(
  (code) => process.exit(code),
  async (err) => {
    log(err.message);
    await remove(NAME, 0).catch(() => {});
    process.exit(1);
  },
);
