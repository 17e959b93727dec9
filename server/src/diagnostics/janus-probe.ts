import { JANUS_PROBE_TIMEOUT_MS, JanusStatus, type JanusCheck } from '@ptt/contracts';

/** What a Janus `GET <base>/info` answers (only the fields we read). */
interface JanusInfo {
  janus?: unknown;
  name?: unknown;
  version_string?: unknown;
}

// Duck-typed rather than `instanceof Error`: fetch's errors may come from another realm.
function describe(err: unknown, timeoutMs: number): string {
  const e = (err ?? {}) as { name?: unknown; message?: unknown; cause?: { code?: unknown; message?: unknown } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  // fetch wraps the socket error (ECONNREFUSED, ENOTFOUND...) in `cause`.
  if (typeof e.cause?.code === 'string') return e.cause.code;
  if (typeof e.cause?.message === 'string') return e.cause.message;
  return typeof e.message === 'string' ? e.message : String(err);
}

/**
 * Asks Janus's HTTP API for `info`, which needs no session or secret. Reachable only when the
 * answer really is Janus's `server_info`: a proxy's error page or another service on the port is
 * reported as unreachable with what it answered.
 */
export async function probeJanus(baseUrl: string | undefined, timeoutMs = JANUS_PROBE_TIMEOUT_MS): Promise<JanusCheck> {
  if (!baseUrl) return { status: JanusStatus.NotConfigured, latencyMs: null, error: null, server: null };
  const started = performance.now();
  const unreachable = (error: string): JanusCheck => ({ status: JanusStatus.Unreachable, latencyMs: null, error, server: null });
  try {
    const res = await fetch(`${baseUrl.replace(/\/+$/, '')}/info`, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    const latencyMs = Math.round(performance.now() - started);
    if (!res.ok) return unreachable(`HTTP ${res.status}`);
    let info: JanusInfo;
    try {
      info = (await res.json()) as JanusInfo;
    } catch {
      return unreachable('the answer is not JSON');
    }
    if (info?.janus !== 'server_info') return unreachable('the answer is not a Janus server_info');
    const name = typeof info.name === 'string' ? info.name : 'Janus';
    const server = typeof info.version_string === 'string' ? `${name} ${info.version_string}` : name;
    return { status: JanusStatus.Reachable, latencyMs, error: null, server };
  } catch (err) {
    return unreachable(describe(err, timeoutMs));
  }
}
