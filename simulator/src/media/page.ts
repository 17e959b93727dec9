// The media half of the simulated handsets: one headless Chromium page (host.ts serves it) that
// does what a handset app does with janus.js through the server's /janus proxy, for every
// simulated device at once, each with its own Janus session and session token:
// - environment listen / monitor: join the device's VideoRoom session as its publisher and send a
//   test tone (and, for monitor, a test picture naming the device, its camera and the time);
// - 1V1 calls: join the call's AudioBridge room and send a test tone, full duplex.
// Node (driver.ts) tells it what to do over a control socket and hears back when media is up,
// failed or ended. `handsetMediaPage` is serialised into the page (Function.prototype.toString),
// so it is self-contained: no imports, no outer variables, browser APIs only.

/** Node -> page. */
export type PageOp =
  | { op: 'publish'; id: number; key: string; token: string; roomId: string; kind: 'audio' | 'video'; facing: 'front' | 'rear'; label: string }
  | { op: 'turn'; id: number; key: string; facing: 'front' | 'rear' }
  | { op: 'call'; id: number; key: string; token: string; chatId: string; label: string }
  | { op: 'stop'; key: string };

/** Page -> Node. */
export type PageEvent =
  | { ev: 'ready' }
  | { ev: 'done'; id: number }
  | { ev: 'error'; id: number; error: string }
  | { ev: 'ended'; key: string; why: string }
  | { ev: 'log'; text: string };

export interface PageConfig {
  /** ws://127.0.0.1:<port>/control?s=<secret> */
  control: string;
}

export function handsetMediaPage(config: PageConfig): void {
  type Cb = (e?: unknown) => void;
  interface Handle {
    send: (p: { message: Record<string, unknown>; jsep?: unknown; error?: Cb; success?: Cb }) => void;
    createOffer: (p: { tracks: unknown[]; success: (j: unknown) => void; error: Cb }) => void;
    handleRemoteJsep: (p: { jsep: unknown }) => void;
  }
  interface Session {
    attach: (p: Record<string, unknown>) => void;
    destroy: (p: Record<string, unknown>) => void;
  }
  interface JanusClass {
    new (p: { server: string; token: string; success: () => void; error: Cb; destroyed?: () => void }): Session;
    init: (p: { debug: boolean; dependencies: unknown; callback: () => void }) => void;
    useDefaultDependencies: (p: { adapter: unknown }) => unknown;
  }
  interface Job {
    key: string;
    kind: 'audio' | 'video' | 'call';
    facing: 'front' | 'rear';
    label: string;
    session: Session | null;
    stops: (() => void)[];
    /** The op waiting for media to come up. */
    pending: number | null;
    /** The offer went out (once: the AudioBridge also says 'joined' when someone else joins). */
    offered: boolean;
    up: boolean;
    over: boolean;
  }

  const w = window as unknown as { Janus: JanusClass; adapter: unknown };
  const Janus = w.Janus;
  const jobs = new Map<string, Job>();
  let audio: AudioContext | null = null;
  const control = new WebSocket(config.control);
  const tell = (m: Record<string, unknown>) => {
    if (control.readyState === WebSocket.OPEN) control.send(JSON.stringify(m));
  };
  const text = (e: unknown) => (e instanceof Error ? e.message : typeof e === 'string' ? e : JSON.stringify(e));

  /** A tone that beeps (0.3 s every 1.5 s) at a pitch of the device's own. */
  const tone = (job: Job, hz: number): MediaStreamTrack => {
    audio ??= new AudioContext();
    const ctx = audio;
    const osc = ctx.createOscillator();
    osc.frequency.value = hz;
    const gain = ctx.createGain();
    gain.gain.value = 0;
    const out = ctx.createMediaStreamDestination();
    osc.connect(gain).connect(out);
    osc.start();
    const beep = () => {
      const t = ctx.currentTime;
      gain.gain.setValueAtTime(0.35, t);
      gain.gain.setValueAtTime(0, t + 0.3);
    };
    beep();
    const timer = setInterval(beep, 1500);
    const track = out.stream.getAudioTracks()[0]!;
    job.stops.push(() => {
      clearInterval(timer);
      osc.stop();
      track.stop();
    });
    return track;
  };

  /** A test picture: the device's name, its camera and the time over a moving colour bar. */
  const picture = (job: Job): MediaStreamTrack => {
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 360;
    const g = canvas.getContext('2d')!;
    let frame = 0;
    const draw = () => {
      frame += 1;
      const rear = job.facing === 'rear';
      g.fillStyle = rear ? '#1b3a4b' : '#2d1b4b';
      g.fillRect(0, 0, 640, 360);
      const hues = [0, 60, 120, 180, 240, 300];
      hues.forEach((h, i) => {
        g.fillStyle = `hsl(${(h + frame * 3) % 360} 80% 55%)`;
        g.fillRect(i * (640 / hues.length), 250, 640 / hues.length, 40);
      });
      g.fillStyle = '#ffffff';
      g.fillRect((frame * 8) % 640, 300, 24, 24);
      g.font = 'bold 34px sans-serif';
      g.fillText(job.label, 24, 70);
      g.font = '26px sans-serif';
      g.fillText(`${rear ? 'Rear' : 'Front'} camera (simulated)`, 24, 120);
      g.fillText(new Date().toLocaleTimeString('en-GB'), 24, 170);
      g.fillText(`frame ${frame}`, 24, 215);
    };
    draw();
    const timer = setInterval(draw, 1000 / 15);
    const track = canvas.captureStream(15).getVideoTracks()[0]!;
    job.stops.push(() => {
      clearInterval(timer);
      track.stop();
    });
    return track;
  };

  const pitch = (label: string) => 330 + ([...label].reduce((n, c) => n + c.charCodeAt(0), 0) % 12) * 30;

  /** Ends a job; Node hears of it unless it asked (stop) or a new job of the key took over. */
  const finish = (job: Job, why: string, quiet = false) => {
    if (job.over) return;
    job.over = true;
    if (jobs.get(job.key) === job) jobs.delete(job.key);
    for (const stop of job.stops.splice(0)) stop();
    const s = job.session;
    job.session = null;
    s?.destroy({ cleanupHandles: true, notifyDestroyed: false });
    if (job.pending !== null) tell({ ev: 'error', id: job.pending, error: why });
    else if (job.up && !quiet) tell({ ev: 'ended', key: job.key, why });
    job.pending = null;
  };

  const up = (job: Job) => {
    job.up = true;
    if (job.pending !== null) tell({ ev: 'done', id: job.pending });
    job.pending = null;
  };

  /** A Janus session of the device's own (its token) with one plugin handle; media up: done. */
  const open = (job: Job, token: string, plugin: string, join: Record<string, unknown>, tracks: () => unknown[], configure: Record<string, unknown>) => {
    const session: Session = new Janus({
      server: `${location.origin}/janus`,
      token,
      success: () => {
        let handle: Handle | null = null;
        session.attach({
          plugin,
          success: (h: Handle) => {
            handle = h;
            h.send({ message: join, error: (e) => finish(job, `join: ${text(e)}`) });
          },
          error: (e: unknown) => finish(job, `attach: ${text(e)}`),
          onmessage: (msg: Record<string, unknown>, jsep?: unknown) => {
            if (msg.videoroom === 'destroyed' || msg.audiobridge === 'destroyed') return finish(job, 'the room was closed');
            if (typeof msg.error === 'string') return finish(job, msg.error);
            if ((msg.videoroom === 'joined' || msg.audiobridge === 'joined') && handle && !job.offered) {
              job.offered = true;
              const h = handle;
              h.createOffer({
                tracks: tracks(),
                success: (offer) => h.send({ message: configure, jsep: offer, error: (e) => finish(job, `offer: ${text(e)}`) }),
                error: (e) => finish(job, `offer: ${text(e)}`),
              });
            }
            if (jsep && handle) handle.handleRemoteJsep({ jsep });
          },
          webrtcState: (on: boolean) => (on ? up(job) : finish(job, 'media went down')),
          iceState: (state: string) => {
            if (state === 'failed') finish(job, 'ICE failed');
          },
        });
      },
      error: (e: unknown) => finish(job, `janus: ${text(e)}`),
      destroyed: () => finish(job, 'session closed'),
    });
    job.session = session;
  };

  const start = (m: { id: number; key: string; label: string }, kind: Job['kind'], facing: Job['facing']): Job => {
    const old = jobs.get(m.key);
    if (old) finish(old, 'replaced', true);
    const job: Job = { key: m.key, kind, facing, label: m.label, session: null, stops: [], pending: m.id, offered: false, up: false, over: false };
    jobs.set(m.key, job);
    return job;
  };

  const onOp = (m: PageOp) => {
    if (m.op === 'publish') {
      const job = start(m, m.kind, m.facing);
      open(job, m.token, 'janus.plugin.videoroom', { request: 'join', ptype: 'publisher', chatId: m.roomId }, () => [
        { type: 'audio', capture: tone(job, pitch(m.label)), recv: false },
        ...(m.kind === 'video' ? [{ type: 'video', capture: picture(job), recv: false }] : []),
      ], { request: 'publish', bitrate: 512_000 });
    } else if (m.op === 'call') {
      const job = start(m, 'call', 'front');
      open(job, m.token, 'janus.plugin.audiobridge', { request: 'join', chatId: m.chatId }, () => [{ type: 'audio', capture: tone(job, pitch(m.label) + 110), recv: true }], {
        request: 'configure',
        muted: true,
      });
    } else if (m.op === 'turn') {
      const job = jobs.get(m.key);
      if (!job || job.kind !== 'video' || !job.up) return tell({ ev: 'error', id: m.id, error: 'not sending video' });
      job.facing = m.facing; // the picture says which camera from its next frame on
      tell({ ev: 'done', id: m.id });
    } else if (m.op === 'stop') {
      const job = jobs.get(m.key);
      if (job) finish(job, 'stopped', true);
    }
  };

  control.onmessage = (ev: MessageEvent<string>) => {
    try {
      onOp(JSON.parse(ev.data) as PageOp);
    } catch (e) {
      tell({ ev: 'log', text: `bad op: ${text(e)}` });
    }
  };
  control.onclose = () => {
    for (const job of [...jobs.values()]) finish(job, 'control closed');
    // The simulator is gone: nobody will close this browser, so the page closes itself.
    setTimeout(() => window.close(), 1000);
  };
  // janus.js's own API, not a React hook.
  const dependencies = Janus.useDefaultDependencies({ adapter: w.adapter }); // eslint-disable-line react-hooks/rules-of-hooks
  Janus.init({ debug: false, dependencies, callback: () => {
    if (control.readyState === WebSocket.OPEN) tell({ ev: 'ready' });
    else control.onopen = () => tell({ ev: 'ready' });
  } });
}
