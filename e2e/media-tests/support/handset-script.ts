// The in-page part of the emulated handset (handset-page.ts). `runHandset` is serialised into the
// page by page.evaluate, so it is self-contained: no imports, no outer variables.

export interface HandsetState {
  socket: 'connecting' | 'open' | 'closed';
  /** idle: no session; joining: asked to publish; publishing: WebRTC up; destroyed: the room went. */
  status: 'idle' | 'joining' | 'publishing' | 'destroyed' | 'failed';
  roomId: string | null;
  kind: 'audio' | 'video' | null;
  facing: 'front' | 'rear' | null;
  /** Commands received, in order. */
  commands: number[];
  /** VideoRoom events and failures, for the test's messages. */
  log: string[];
}

export interface HandsetWindow {
  handset: { state: () => HandsetState; sent: () => Promise<{ audioPackets: number; videoFrames: number }> };
  adapter: unknown;
}

interface Monitor {
  roomId: string;
  kind: 'audio' | 'video';
  facing?: 'front' | 'rear';
}

export async function runHandset({ token, uid, entId }: { token: string; uid: number; entId: number }): Promise<void> {
  type Cb = (e?: unknown) => void;
  interface Handle {
    send: (p: { message: Record<string, unknown>; jsep?: unknown; error?: Cb }) => void;
    createOffer: (p: { tracks: unknown[]; success: (j: unknown) => void; error: Cb }) => void;
    handleRemoteJsep: (p: { jsep: unknown }) => void;
    webrtcStuff: { pc?: RTCPeerConnection };
  }
  interface Session {
    attach: (p: Record<string, unknown>) => void;
    destroy: (p: Record<string, unknown>) => void;
  }
  interface JanusClass {
    new (p: { server: string; token: string; success: () => void; error: Cb }): Session;
    init: (p: { debug: boolean; dependencies: unknown; callback: () => void }) => void;
    useDefaultDependencies: (p: { adapter: unknown }) => unknown;
  }
  const w = window as unknown as HandsetWindow;
  const url = '/__handset/janus.es.js';
  const { default: Janus } = (await import(url)) as { default: JanusClass };
  await new Promise<void>((r) => Janus.init({ debug: false, dependencies: Janus.useDefaultDependencies({ adapter: w.adapter }), callback: r }));

  const state: HandsetState = { socket: 'connecting', status: 'idle', roomId: null, kind: null, facing: null, commands: [], log: [] };
  let session: Session | null = null;
  let handle: Handle | null = null;
  let media: MediaStream | null = null;
  const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws2?at=${encodeURIComponent(token)}`);
  const reply = (commandId: number, s: 'delivered' | 'executed' | 'failed', detail?: unknown) =>
    ws.send(JSON.stringify({ code: 0, topic: `icoTest/json/device/command/${entId}/${uid}`, t: 'CommandReply', data: { commandId, state: s, ...(detail === undefined ? {} : { detail }) } }));
  const camera = (facing: 'front' | 'rear') => ({ facingMode: facing === 'rear' ? 'environment' : 'user', width: 640, height: 480 });

  const stopAll = () => {
    session?.destroy({ cleanupHandles: true, notifyDestroyed: false });
    session = null;
    handle = null;
    for (const t of media?.getTracks() ?? []) t.stop();
    media = null;
  };

  /** Joins the session's room as its publisher and sends the microphone (and camera). */
  const publish = async (commandId: number, m: Monitor) => {
    stopAll();
    Object.assign(state, { status: 'joining', roomId: m.roomId, kind: m.kind, facing: m.kind === 'video' ? (m.facing ?? 'front') : null });
    media = await navigator.mediaDevices.getUserMedia({ audio: true, video: m.kind === 'video' ? camera(m.facing ?? 'front') : false });
    const tracks = media.getTracks();
    const s: Session = await new Promise((resolve, reject) => {
      const made: Session = new Janus({ server: `${location.origin}/janus`, token, success: () => resolve(made), error: reject });
    });
    session = s;
    s.attach({
      plugin: 'janus.plugin.videoroom',
      error: (e: unknown) => state.log.push(`attach: ${String(e)}`),
      success: (h: Handle) => {
        handle = h;
        h.send({ message: { request: 'join', ptype: 'publisher', chatId: m.roomId }, error: (e) => state.log.push(`join: ${String(e)}`) });
      },
      onmessage: (msg: { videoroom?: string; error?: string }, jsep?: unknown) => {
        state.log.push(JSON.stringify(msg).slice(0, 200));
        if (msg.videoroom === 'destroyed') {
          state.status = 'destroyed';
          stopAll();
          return;
        }
        if (msg.error) state.status = 'failed';
        if (msg.videoroom === 'joined' && handle) {
          const h = handle;
          h.createOffer({
            tracks: tracks.map((t) => ({ type: t.kind, capture: t, recv: false })),
            success: (offer) => h.send({ message: { request: 'publish', bitrate: 512000 }, jsep: offer, error: (e) => state.log.push(`publish: ${String(e)}`) }),
            error: (e) => state.log.push(`offer: ${String(e)}`),
          });
        }
        if (jsep) handle?.handleRemoteJsep({ jsep });
      },
      webrtcState: (up: boolean) => {
        if (!up) return;
        state.status = 'publishing';
        reply(commandId, 'executed', { kind: m.kind, ...(m.kind === 'video' ? { facing: state.facing } : {}) });
      },
    });
  };

  /** Camera flip: the new camera's track replaces the old one; the room and the offer stay. */
  const turn = async (commandId: number, facing: 'front' | 'rear') => {
    const pc = handle?.webrtcStuff.pc;
    const sender = pc?.getSenders().find((x) => x.track?.kind === 'video');
    if (!sender || !media) return reply(commandId, 'failed', 'not sending video');
    const next = (await navigator.mediaDevices.getUserMedia({ video: camera(facing) })).getVideoTracks()[0]!;
    const old = sender.track;
    await sender.replaceTrack(next);
    old?.stop();
    if (old) media.removeTrack(old);
    media.addTrack(next);
    state.facing = facing;
    reply(commandId, 'executed', { kind: 'video', facing });
  };

  ws.onopen = () => (state.socket = 'open');
  ws.onclose = (ev: CloseEvent) => {
    state.socket = 'closed';
    state.log.push(`socket closed ${ev.code} ${ev.reason}`);
  };
  ws.onmessage = (ev: MessageEvent<string>) => {
    const frame = JSON.parse(ev.data) as { t?: string; data?: { commandId: number; command: number; monitor?: Monitor } };
    if (frame.t !== 'DeviceCommand' || !frame.data) return;
    const { commandId, command, monitor } = frame.data;
    state.commands.push(command);
    reply(commandId, 'delivered');
    if (!monitor) return reply(commandId, 'executed', 'ok');
    const sending = state.status === 'publishing' && state.roomId === monitor.roomId && state.kind === 'video' && monitor.kind === 'video';
    const work = sending ? turn(commandId, monitor.facing ?? 'front') : publish(commandId, monitor);
    work.catch((e: unknown) => {
      state.log.push(`command ${command}: ${String(e)}`);
      reply(commandId, 'failed', String(e));
    });
  };
  // The application keep-alive of docs/protocol.md.
  setInterval(() => ws.readyState === WebSocket.OPEN && ws.send(JSON.stringify({ code: 0, topic: 'sys/ping', data: null, t: 'Ping' })), 10_000);

  w.handset = {
    state: () => JSON.parse(JSON.stringify(state)) as HandsetState,
    sent: async () => {
      const out = { audioPackets: 0, videoFrames: 0 };
      const pc = handle?.webrtcStuff.pc;
      (await pc?.getStats())?.forEach((r: { type: string; kind?: string; packetsSent?: number; framesEncoded?: number }) => {
        if (r.type !== 'outbound-rtp') return;
        if (r.kind === 'audio') out.audioPackets += r.packetsSent ?? 0;
        if (r.kind === 'video') out.videoFrames += r.framesEncoded ?? 0;
      });
      return out;
    },
  };
}
