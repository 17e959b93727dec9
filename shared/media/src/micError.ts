
// The mapping itself lives in contracts, shared with the host's settings and diagnostics.
export { micErrorKey } from '@ptt/contracts';

/** Opens the chosen microphone, or the default one; a chosen one that is gone is an error. */
export function openMicrophone(microphoneId: string | undefined): Promise<MediaStream> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
    return Promise.reject(new DOMException('no media devices', 'NotFoundError'));
  }
  const audio: MediaTrackConstraints | boolean = microphoneId
    ? { deviceId: { exact: microphoneId }, echoCancellation: true, noiseSuppression: true }
    : { echoCancellation: true, noiseSuppression: true };
  return navigator.mediaDevices.getUserMedia({ audio, video: false });
}
