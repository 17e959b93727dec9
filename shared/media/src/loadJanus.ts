import type { JanusConstructor } from './types';

let loading: Promise<JanusConstructor> | null = null;

/**
 * janus.js and its WebRTC adapter, loaded on first use (a separate bundle chunk; unit tests that
 * inject a fake never load them) and initialised once per page, as janus.js requires.
 */
export function loadJanus(): Promise<JanusConstructor> {
  loading ??= Promise.all([import('janus-gateway'), import('webrtc-adapter')])
    .then(
      ([janusModule, adapterModule]) =>
        new Promise<JanusConstructor>((resolve) => {
          const Janus = janusModule.default;
          Janus.init({
            debug: false,
            dependencies: Janus.useDefaultDependencies({ adapter: adapterModule.default }),
            callback: () => resolve(Janus),
          });
        }),
    )
    .catch((e: unknown) => {
      loading = null; // a failed chunk load may succeed on the next try
      throw e;
    });
  return loading;
}

/** Whether this browser can do WebRTC at all. */
export function webrtcSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.RTCPeerConnection === 'function' && !!navigator.mediaDevices?.getUserMedia;
}
