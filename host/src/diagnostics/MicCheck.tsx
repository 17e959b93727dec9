import { useCallback, useEffect, useRef, useState } from 'react';
import { Button, Field, ProgressBar } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { micErrorKey, openMicrophone, watchLevel } from '../settings/audio';
import { CheckCard } from './CheckCard';
import type { CheckResult } from './checks';
import { NS } from './strings';

/** A meter that never moved in this long means the microphone delivers silence. */
const SILENCE_WARN_MS = 3_000;

export interface MicCheckHandle {
  run(): void;
}

/** getUserMedia on the chosen microphone and a live level meter until stopped or left. */
export function MicCheck({ deviceId, runRef }: { deviceId: string | undefined; runRef: React.MutableRefObject<MicCheckHandle | null> }) {
  const { t } = useTranslation(NS);
  const [result, setResult] = useState<CheckResult>({ state: 'idle' });
  const [level, setLevel] = useState(0);
  const [listening, setListening] = useState(false);
  const stopRef = useRef<(() => void) | null>(null);
  // Each run and each stop takes a new number; a microphone granted to an older one is released.
  const runId = useRef(0);

  const stop = useCallback(() => {
    runId.current += 1;
    stopRef.current?.();
    stopRef.current = null;
    setListening(false);
    setLevel(0);
  }, []);

  const run = useCallback(() => {
    stop();
    const id = runId.current;
    setResult({ state: 'running' });
    openMicrophone(deviceId)
      .then((stream) => {
        if (id !== runId.current) {
          for (const track of stream.getTracks()) track.stop();
          return;
        }
        let heard = false;
        const unwatch = watchLevel(stream, (l) => {
          if (l > 0) heard = true;
          setLevel(l);
        });
        const silence = window.setTimeout(() => {
          if (!heard) setResult({ state: 'warning', key: 'mic.silent' });
        }, SILENCE_WARN_MS);
        stopRef.current = () => {
          window.clearTimeout(silence);
          unwatch();
          for (const track of stream.getTracks()) track.stop();
        };
        setListening(true);
        const label = stream.getAudioTracks()[0]?.label;
        setResult({ state: 'ok', key: 'mic.detail', values: { device: label || t('mic.defaultDevice') } });
      })
      .catch((err: unknown) => {
        if (id === runId.current) setResult({ state: 'failed', key: `common:${micErrorKey(err)}` });
      });
  }, [deviceId, stop, t]);

  runRef.current = { run };
  // Leaving the page for good releases the microphone.
  useEffect(() => stop, [stop]);

  return (
    <CheckCard id="mic" name={t('mic.name')} result={result} onRun={run}>
      {listening && (
        <>
          <Field label={t('mic.level')}>
            <ProgressBar value={level} max={1} thickness="large" data-testid="mic-level" data-level={level} />
          </Field>
          <div>
            <Button size="small" onClick={stop}>
              {t('mic.stop')}
            </Button>
          </div>
        </>
      )}
    </CheckCard>
  );
}
