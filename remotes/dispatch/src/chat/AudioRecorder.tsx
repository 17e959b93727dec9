import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Caption1, ToolbarButton, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { DismissRegular, MicRegular, StopRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { micErrorKey } from '@ptt/media';
import { NS } from '../core';
import { useChatServices } from './context';
import { formatDuration } from './format';

/** A voice message stops itself here (the spec's one-minute talk cap). */
export const RECORDING_MAX_MS = 60_000;

const useStyles = makeStyles({
  recording: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  dot: { width: '10px', height: '10px', borderRadius: '50%', backgroundColor: tokens.colorPaletteRedBackground3 },
});

interface Recording {
  recorder: MediaRecorder;
  stream: MediaStream;
  startedAt: number;
  keep: boolean;
}

/** Record, then stop (sends) or cancel (discards); the elapsed time shows while recording. */
export function AudioRecorder({ disabled, onRecorded }: { disabled: boolean; onRecorded: (blob: Blob, durationMs: number) => void }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const { bus } = useChatServices();
  const [recording, setRecording] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const current = useRef<Recording | null>(null);
  const done = useRef(onRecorded);
  done.current = onRecorded;
  const supported = typeof MediaRecorder !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';

  const finish = useCallback((keep: boolean) => {
    const rec = current.current;
    if (!rec) return;
    rec.keep = keep;
    if (rec.recorder.state !== 'inactive') rec.recorder.stop();
  }, []);

  useEffect(() => {
    if (!recording) return;
    const timer = setInterval(() => {
      const rec = current.current;
      if (!rec) return;
      const ms = Date.now() - rec.startedAt;
      setElapsed(ms);
      if (ms >= RECORDING_MAX_MS) finish(true);
    }, 250);
    return () => clearInterval(timer);
  }, [recording, finish]);

  // Leaving the chat discards a recording in progress and frees the microphone.
  useEffect(() => () => finish(false), [finish]);

  const start = async () => {
    try {
      const microphoneId = bus.current('settings')?.microphoneId;
      const stream = await navigator.mediaDevices.getUserMedia({ audio: microphoneId ? { deviceId: { exact: microphoneId } } : true });
      const recorder = new MediaRecorder(stream);
      const chunks: Blob[] = [];
      const rec: Recording = { recorder, stream, startedAt: Date.now(), keep: false };
      recorder.ondataavailable = (e) => chunks.push(e.data);
      recorder.onstop = () => {
        stream.getTracks().forEach((track) => track.stop());
        current.current = null;
        setRecording(false);
        const durationMs = Math.min(Date.now() - rec.startedAt, RECORDING_MAX_MS);
        if (rec.keep && chunks.length > 0) done.current(new Blob(chunks, { type: recorder.mimeType || 'audio/webm' }), durationMs);
      };
      current.current = rec;
      recorder.start();
      setElapsed(0);
      setRecording(true);
    } catch (e) {
      bus.publish('notify', { intent: 'error', key: micErrorKey(e) });
    }
  };

  if (recording) {
    return (
      <div className={styles.recording} role="group" aria-label={t('chat.recording')}>
        <span className={styles.dot} aria-hidden />
        <Caption1 aria-live="off">{formatDuration(elapsed)}</Caption1>
        <Button size="small" icon={<StopRegular />} onClick={() => finish(true)}>
          {t('chat.stopRecording')}
        </Button>
        <Button size="small" appearance="subtle" icon={<DismissRegular />} onClick={() => finish(false)}>
          {t('chat.cancelRecording')}
        </Button>
      </div>
    );
  }
  return (
    <Tooltip content={t('chat.record')} relationship="label">
      <ToolbarButton icon={<MicRegular />} disabled={disabled || !supported} onClick={() => void start()} />
    </Tooltip>
  );
}
