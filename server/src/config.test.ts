import path from 'node:path';
import { ConfigError, DEFAULT_TIME_LIMITS, loadConfig } from './config';

const ROOT = '/repo';

describe('loadConfig', () => {
  it('uses the documented defaults', () => {
    const c = loadConfig({}, ROOT);
    expect(c).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      listenBacklog: 4096,
      dataDir: path.join(ROOT, '.data'),
      databaseUrl: undefined,
      staticDir: path.join(ROOT, 'host', 'dist'),
      remotesDir: path.join(ROOT, 'remotes'),
      bodyLimitBytes: 1024 * 1024,
      seedDemo: true,
    });
    expect(c.remoteUrls.dispatch).toBe('/remotes/dispatch/mf-manifest.json');
  });

  it('treats an empty DATABASE_URL as unset and reads overrides', () => {
    const c = loadConfig(
      { DATABASE_URL: '', PORT: '0', SEED_DEMO: 'false', REMOTE_RECORDS_URL: 'http://localhost:3004/mf-manifest.json', DATA_DIR: 'tmp/d' },
      ROOT,
    );
    expect(c.databaseUrl).toBeUndefined();
    expect(c.port).toBe(0);
    expect(c.seedDemo).toBe(false);
    expect(c.remoteUrls.records).toBe('http://localhost:3004/mf-manifest.json');
    expect(c.dataDir).toBe(path.join(ROOT, 'tmp', 'd'));
  });

  it('reads LISTEN_BACKLOG and refuses one that is not a positive integer', () => {
    expect(loadConfig({ LISTEN_BACKLOG: '1024' }, ROOT).listenBacklog).toBe(1024);
    expect(() => loadConfig({ LISTEN_BACKLOG: '0' }, ROOT)).toThrow(/LISTEN_BACKLOG/);
    expect(() => loadConfig({ LISTEN_BACKLOG: 'many' }, ROOT)).toThrow(/LISTEN_BACKLOG/);
  });

  it('reads REDIS_URL, treats an empty one as unset and refuses other schemes', () => {
    expect(loadConfig({}, ROOT).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: '' }, ROOT).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://10.0.0.5:6379/0' }, ROOT).redisUrl).toBe('redis://10.0.0.5:6379/0');
    expect(() => loadConfig({ REDIS_URL: 'http://x' }, ROOT)).toThrow(/REDIS_URL="http:\/\/x": must start with redis:\/\//);
  });

  it('fixes the captcha text only when PTT_TEST_CAPTCHA_TEXT is set (end-to-end tests)', () => {
    expect(loadConfig({}, ROOT).testCaptchaText).toBeUndefined();
    expect(loadConfig({ PTT_TEST_CAPTCHA_TEXT: '' }, ROOT).testCaptchaText).toBeUndefined();
    expect(loadConfig({ PTT_TEST_CAPTCHA_TEXT: 'TEST', NODE_ENV: 'test' }, ROOT).testCaptchaText).toBe('TEST');
    expect(() => loadConfig({ PTT_TEST_CAPTCHA_TEXT: 'x<y', NODE_ENV: 'test' }, ROOT)).toThrow(/PTT_TEST_CAPTCHA_TEXT="x<y"/);
    // Never by accident in production: the variable alone refuses to start.
    expect(() => loadConfig({ PTT_TEST_CAPTCHA_TEXT: 'TEST', NODE_ENV: 'production' }, ROOT)).toThrow(/needs NODE_ENV=test/);
    expect(() => loadConfig({ PTT_TEST_CAPTCHA_TEXT: 'TEST' }, ROOT)).toThrow(/needs NODE_ENV=test/);
  });

  it('reads JANUS_URL, treats an empty one as unset and refuses anything but http(s)', () => {
    expect(loadConfig({}, ROOT).janusUrl).toBeUndefined();
    expect(loadConfig({ JANUS_URL: '' }, ROOT).janusUrl).toBeUndefined();
    expect(loadConfig({ JANUS_URL: 'http://10.0.0.7:8088/janus' }, ROOT).janusUrl).toBe('http://10.0.0.7:8088/janus');
    expect(() => loadConfig({ JANUS_URL: 'ws://10.0.0.7:8188' }, ROOT)).toThrow(/JANUS_URL="ws:\/\/10.0.0.7:8188": must be an http\(s\) URL/);
  });

  it('reads the time limits of commands, calls and monitor sessions, and refuses ones too short to answer', () => {
    expect(loadConfig({}, ROOT).limits).toEqual(DEFAULT_TIME_LIMITS);
    expect(DEFAULT_TIME_LIMITS).toMatchObject({ commandExpiryMs: 60_000, callRingTimeoutMs: 30_000, callMediaTimeoutMs: 15_000 });
    const short = loadConfig(
      { COMMAND_EXPIRY_MS: '400', CALL_RING_TIMEOUT_MS: '300', CALL_MEDIA_TIMEOUT_MS: '800', MONITOR_IDLE_MS: '600', MONITOR_PUBLISHER_WAIT_MS: '700', MONITOR_JOIN_WAIT_MS: '900', SOS_SWEEP_MS: '100', SCREEN_COUNTS_TICK_MS: '150', PATROL_TICK_MS: '200' },
      ROOT,
    );
    expect(short.limits).toEqual({
      commandExpiryMs: 400,
      callRingTimeoutMs: 300,
      callMediaTimeoutMs: 800,
      monitorIdleMs: 600,
      monitorPublisherWaitMs: 700,
      monitorJoinWaitMs: 900,
      sosSweepMs: 100,
      screenCountsTickMs: 150,
      patrolTickMs: 200,
    });
    expect(DEFAULT_TIME_LIMITS.sosSweepMs).toBe(1_000);
    expect(DEFAULT_TIME_LIMITS.screenCountsTickMs).toBe(2_000);
    expect(() => loadConfig({ SCREEN_COUNTS_TICK_MS: '49' }, ROOT)).toThrow(/SCREEN_COUNTS_TICK_MS="49"/);
    expect(() => loadConfig({ SOS_SWEEP_MS: '49' }, ROOT)).toThrow(/SOS_SWEEP_MS="49"/);
    expect(() => loadConfig({ COMMAND_EXPIRY_MS: '99' }, ROOT)).toThrow(/COMMAND_EXPIRY_MS="99"/);
    expect(() => loadConfig({ MONITOR_JOIN_WAIT_MS: '499' }, ROOT)).toThrow(/MONITOR_JOIN_WAIT_MS="499"/);
    expect(() => loadConfig({ CALL_RING_TIMEOUT_MS: 'soon' }, ROOT)).toThrow(/CALL_RING_TIMEOUT_MS="soon": must be a number/);
  });

  describe('PTT media (Janus)', () => {
    const external = { JANUS_URL: 'http://10.0.0.7:8088/janus', JANUS_API_SECRET: 'api-secret-1', JANUS_ADMIN_KEY: 'admin-key-1', JANUS_RECORD_DIR: '/srv/rec' };

    it('has no media by default, and JANUS_URL alone is only the diagnostics probe', () => {
      expect(loadConfig({}, ROOT).media).toEqual({ kind: 'none' });
      expect(loadConfig({ JANUS_URL: external.JANUS_URL }, ROOT).media).toEqual({ kind: 'none' });
      expect(loadConfig({ JANUS_AUTOSTART: 'false' }, ROOT).media).toEqual({ kind: 'none' });
    });

    it('starts Janus itself with JANUS_AUTOSTART=true, under DATA_DIR unless told otherwise', () => {
      expect(loadConfig({ JANUS_AUTOSTART: 'true', DATA_DIR: '/d' }, ROOT).media).toEqual({
        kind: 'autostart',
        janusBin: '/usr/bin/janus',
        folder: '/d/janus',
        recordDir: '/d/janus/recordings',
      });
      const c = loadConfig({ JANUS_AUTOSTART: '1', JANUS_BIN: '/opt/janus/bin/janus', JANUS_RECORD_DIR: 'rec' }, ROOT);
      expect(c.media).toMatchObject({ kind: 'autostart', janusBin: '/opt/janus/bin/janus', recordDir: path.join(ROOT, 'rec') });
    });

    it('uses an external Janus only when all four variables are given', () => {
      expect(loadConfig(external, ROOT).media).toEqual({
        kind: 'external',
        janusUrl: external.JANUS_URL,
        apiSecret: 'api-secret-1',
        adminKey: 'admin-key-1',
        recordDir: '/srv/rec',
      });
      const { JANUS_URL: _u, ...noUrl } = external;
      expect(() => loadConfig(noUrl, ROOT)).toThrow(/needs JANUS_URL, JANUS_API_SECRET, JANUS_ADMIN_KEY and JANUS_RECORD_DIR together: missing JANUS_URL$/);
      expect(() => loadConfig({ JANUS_URL: external.JANUS_URL, JANUS_API_SECRET: 'api-secret-1' }, ROOT)).toThrow(
        /missing JANUS_ADMIN_KEY, JANUS_RECORD_DIR/,
      );
      expect(() => loadConfig({ JANUS_RECORD_DIR: '/srv/rec' }, ROOT)).toThrow(ConfigError);
    });

    it('puts PTT channels on the VideoRoom unless PTT_MEDIA=mix; bursts are forwarded to JANUS_RTP_FORWARD_HOST', () => {
      expect(loadConfig({}, ROOT).ptt).toEqual({ path: 'sfu', rtpForwardHost: '127.0.0.1' });
      expect(loadConfig({ PTT_MEDIA: 'mix', JANUS_RTP_FORWARD_HOST: '10.0.0.5' }, ROOT).ptt).toEqual({ path: 'mix', rtpForwardHost: '10.0.0.5' });
      expect(() => loadConfig({ PTT_MEDIA: 'mcu' }, ROOT)).toThrow(/PTT_MEDIA="mcu": must be sfu or mix/);
      expect(() => loadConfig({ JANUS_RTP_FORWARD_HOST: 'janus.local' }, ROOT)).toThrow(/JANUS_RTP_FORWARD_HOST="janus.local": must be an IP address/);
    });

    it('refuses contradictory settings', () => {
      expect(() => loadConfig({ ...external, JANUS_AUTOSTART: 'true' }, ROOT)).toThrow(
        /JANUS_AUTOSTART=true starts its own Janus with generated secrets: unset JANUS_URL, JANUS_API_SECRET, JANUS_ADMIN_KEY/,
      );
      expect(() => loadConfig({ JANUS_AUTOSTART: 'true', JANUS_URL: external.JANUS_URL }, ROOT)).toThrow(/unset JANUS_URL \(/);
      expect(() => loadConfig({ JANUS_BIN: '/usr/bin/janus' }, ROOT)).toThrow(/JANUS_BIN is used only with JANUS_AUTOSTART=true/);
      expect(() => loadConfig({ JANUS_AUTOSTART: 'sometimes' }, ROOT)).toThrow(/JANUS_AUTOSTART="sometimes": must be true or false/);
      expect(() => loadConfig({ JANUS_AUTOSTART: 'true', JANUS_BIN: 'janus' }, ROOT)).toThrow(/JANUS_BIN="janus": must be an absolute path/);
    });

    it('never prints a refused secret', () => {
      const bad = () => loadConfig({ ...external, JANUS_API_SECRET: 'short', JANUS_ADMIN_KEY: 'tiny' }, ROOT);
      expect(bad).toThrow(/JANUS_API_SECRET=\(hidden\): must be at least 8 characters/);
      expect(bad).toThrow(/JANUS_ADMIN_KEY=\(hidden\)/);
      expect(bad).not.toThrow(/short|tiny/);
    });
  });

  it('names every bad variable in one clear error', () => {
    const bad = () => loadConfig({ PORT: 'eighty', SEED_DEMO: 'maybe', DATABASE_URL: 'mysql://x' }, ROOT);
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT="eighty"/);
    expect(bad).toThrow(/SEED_DEMO="maybe": must be true or false/);
    expect(bad).toThrow(/DATABASE_URL="mysql:\/\/x"/);
  });
});
