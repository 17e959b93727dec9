// Browser audio for the voice section: device lists, a microphone level and a test tone.

export { micErrorKey } from '@ptt/contracts';

export interface AudioDevices {
  microphones: MediaDeviceInfo[];
  speakers: MediaDeviceInfo[];
}

export async function listAudioDevices(): Promise<AudioDevices> {
  const all = await navigator.mediaDevices.enumerateDevices();
  return {
    microphones: all.filter((d) => d.kind === 'audioinput'),
    speakers: all.filter((d) => d.kind === 'audiooutput'),
  };
}

/** Opens the chosen microphone (or the default one when `deviceId` is empty). */
export function openMicrophone(deviceId: string | undefined): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) return Promise.reject(new DOMException('no media devices', 'NotFoundError'));
  return navigator.mediaDevices.getUserMedia({ audio: deviceId ? { deviceId: { exact: deviceId } } : true, video: false });
}

/** RMS of one block of samples, scaled so that ordinary speech fills most of 0..1. */
export function levelOf(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.min(1, Math.sqrt(sum / samples.length) * 4);
}

const METER_INTERVAL_MS = 100;

/**
 * Reads the stream's level through an AnalyserNode every 100 ms (React does not need 60 updates a
 * second) and reports it; the returned function stops reading and closes the audio context.
 */
export function watchLevel(stream: MediaStream, onLevel: (level: number) => void): () => void {
  const context = new AudioContext();
  // Created after getUserMedia resolves, outside the click: make sure it runs rather than waits.
  void context.resume();
  const analyser = context.createAnalyser();
  analyser.fftSize = 1024;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const timer = window.setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    onLevel(levelOf(samples));
  }, METER_INTERVAL_MS);
  return () => {
    window.clearInterval(timer);
    void context.close();
  };
}

type SinkContext = AudioContext & { setSinkId?: (sinkId: string) => Promise<void> };
type SinkAudio = HTMLAudioElement & { setSinkId?: (sinkId: string) => Promise<void> };

/** Whether this browser can send sound to a chosen speaker at all (Chromium can, Firefox may not). */
export function canChooseSpeaker(): boolean {
  return typeof window !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;
}

export const TEST_TONE_MS = 1000;
const TEST_TONE_HZ = 440;

/**
 * Plays a one-second 440 Hz tone on the chosen speaker: through AudioContext.setSinkId where the
 * browser has it, otherwise through an audio element's setSinkId fed by the context.
 */
export async function playTestTone(speakerId: string | undefined): Promise<void> {
  const context: SinkContext = new AudioContext();
  try {
    const oscillator = context.createOscillator();
    oscillator.frequency.value = TEST_TONE_HZ;
    const gain = context.createGain();
    gain.gain.value = 0.2;
    oscillator.connect(gain);
    let audio: SinkAudio | null = null;
    if (!speakerId || context.setSinkId) {
      if (speakerId && context.setSinkId) await context.setSinkId(speakerId);
      gain.connect(context.destination);
    } else {
      const destination = context.createMediaStreamDestination();
      gain.connect(destination);
      audio = new Audio();
      audio.srcObject = destination.stream;
      if (audio.setSinkId) await audio.setSinkId(speakerId);
      await audio.play();
    }
    oscillator.start();
    await new Promise((resolve) => window.setTimeout(resolve, TEST_TONE_MS));
    oscillator.stop();
    audio?.pause();
  } finally {
    await context.close();
  }
}
