import { useEffect, useState } from 'react';
import {
  Button,
  Field,
  MessageBar,
  MessageBarBody,
  ProgressBar,
  Select,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Speaker2Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { canChooseSpeaker, listAudioDevices, micErrorKey, openMicrophone, playTestTone, watchLevel } from '../audio';
import type { AudioDevices } from '../audio';
import { useSettings } from '../settingsStore';
import { NS } from '../strings';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

// Chromium's own 'default' and 'communications' entries repeat a real device; "System default"
// (an empty id) stands for them.
const ALIAS_IDS = new Set(['', 'default', 'communications']);

function DeviceSelect({ label, hint, devices, value, disabled, onChange }: {
  label: string;
  hint?: string;
  devices: MediaDeviceInfo[];
  value: string | undefined;
  disabled?: boolean;
  onChange: (deviceId: string | undefined) => void;
}) {
  const { t } = useTranslation(NS);
  const real = devices.filter((d) => !ALIAS_IDS.has(d.deviceId));
  return (
    <Field label={label} hint={hint}>
      <Select value={value ?? ''} disabled={disabled} onChange={(_e, data) => onChange(data.value || undefined)}>
        <option value="">{t('voice.systemDefault')}</option>
        {real.map((d, i) => (
          <option key={d.deviceId} value={d.deviceId}>
            {d.label || t('voice.unnamed', { n: i + 1 })}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/**
 * Speaker and microphone from the real devices, a live level of the chosen microphone and a test
 * tone on the chosen speaker. The microphone is open only while this section is on screen.
 */
export function VoiceSection() {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const [settings, update] = useSettings();
  const { microphoneId, speakerId } = settings;
  const [devices, setDevices] = useState<AudioDevices>({ microphones: [], speakers: [] });
  const [level, setLevel] = useState(0);
  const [micError, setMicError] = useState<string | null>(null);
  const [toneError, setToneError] = useState<string | null>(null);
  const [playing, setPlaying] = useState(false);

  useEffect(() => {
    let stopped = false;
    let stopMeter = (): void => undefined;
    let stream: MediaStream | null = null;
    const refresh = () => {
      listAudioDevices()
        .then((found) => {
          if (!stopped) setDevices(found);
        })
        .catch(() => undefined);
    };
    setMicError(null);
    openMicrophone(microphoneId)
      .then((opened) => {
        // Closed or switched while the browser was still asking: release it at once.
        if (stopped) {
          opened.getTracks().forEach((track) => track.stop());
          return;
        }
        stream = opened;
        stopMeter = watchLevel(opened, (l) => setLevel(Math.round(l * 100)));
      })
      .catch((error: unknown) => {
        if (!stopped) setMicError(micErrorKey(error));
      })
      // Device names are only readable once the microphone was granted, so list them after.
      .finally(refresh);
    navigator.mediaDevices?.addEventListener('devicechange', refresh);
    return () => {
      stopped = true;
      stopMeter();
      stream?.getTracks().forEach((track) => track.stop());
      navigator.mediaDevices?.removeEventListener('devicechange', refresh);
      setLevel(0);
    };
  }, [microphoneId]);

  const testTone = () => {
    setPlaying(true);
    setToneError(null);
    playTestTone(speakerId)
      .catch((error: unknown) => setToneError(micErrorKey(error)))
      .finally(() => setPlaying(false));
  };

  const speakerChoice = canChooseSpeaker();
  const error = micError ?? toneError;
  return (
    <div className={styles.column}>
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{t(`common:${error}`)}</MessageBarBody>
        </MessageBar>
      )}
      <DeviceSelect
        label={t('voice.microphone')}
        hint={t('voice.hint')}
        devices={devices.microphones}
        value={microphoneId}
        onChange={(id) => update({ microphoneId: id })}
      />
      <Field label={t('voice.level')}>
        <ProgressBar value={level} max={100} thickness="large" data-testid="mic-level" />
      </Field>
      <DeviceSelect
        label={t('voice.speaker')}
        hint={speakerChoice ? undefined : t('voice.defaultSpeakerOnly')}
        devices={devices.speakers}
        value={speakerId}
        disabled={!speakerChoice}
        onChange={(id) => update({ speakerId: id })}
      />
      <div className={styles.row}>
        <Button icon={<Speaker2Regular />} disabled={playing} onClick={testTone}>
          {playing ? t('voice.playing') : t('voice.testTone')}
        </Button>
      </div>
    </div>
  );
}
