import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner, Text, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, CameraSwitchRegular, FullScreenMaximizeRegular, FullScreenMinimizeRegular, RecordStopRegular, Speaker2Regular, SpeakerMuteRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MONITOR_END_CAUSE_KEYS, cameraCommand } from '@ptt/contracts';
import type { Command, DeviceCommandRecord } from '@ptt/contracts';
import { isApiError } from '@ptt/event-bus';
import { createMonitorClient } from '@ptt/media';
import { NS, useAppDispatch, useAppSelector, useConsole } from '../core';
import { stopMonitor } from './api';
import { monitorClosed, monitorOpened } from './slice';
import { useMonitorStream, type CreateMonitorClient } from './useMonitorStream';

const useStyles = makeStyles({
  surface: { maxWidth: '720px', width: '100%' },
  content: { display: 'grid', gap: tokens.spacingVerticalS },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  screen: { position: 'relative', backgroundColor: tokens.colorNeutralBackgroundInverted, display: 'grid', placeItems: 'center', aspectRatio: '4 / 3', width: '100%' },
  exit: { position: 'absolute', top: tokens.spacingVerticalM, right: tokens.spacingHorizontalM },
  video: { width: '100%', height: '100%', objectFit: 'contain' },
  actions: { flexWrap: 'wrap' },
});

/** Sends a command to a device and records it in the command history. */
export type SendCommand = (deviceId: number, command: Command) => Promise<DeviceCommandRecord>;

export interface MonitorDialogProps {
  /**
   * The camera flip is a device command like the ones that opened the session: the command bar
   * hands in how it sends and records them, so the monitor does not reach into the commands
   * feature (which opens it).
   */
  sendCommand: SendCommand;
  createClient?: CreateMonitorClient;
}

/**
 * Environment listen (audio only) or monitor (video with audio) of one device: the device's
 * session from the command's answer, watched through the server's Janus proxy. Reconnect
 * subscribes again, mute silences it here, fullscreen enlarges the video, switch camera sends the
 * other camera command (same room), and stop ends the session for the device and every watcher.
 */
export function MonitorDialog({ sendCommand, createClient = createMonitorClient }: MonitorDialogProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const { api, bus } = useConsole();
  const open = useAppSelector((s) => s.monitor.open);
  const { state, stream, unavailable, subscription, endCause } = useMonitorStream(open?.roomId ?? null, createClient);
  const [muted, setMuted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const screen = useRef<HTMLDivElement>(null);
  const player = useRef<HTMLMediaElement | null>(null);
  const video = open?.kind === 'video';

  useEffect(() => {
    if (player.current) player.current.srcObject = stream;
  }, [stream, video]);
  useEffect(() => subscription?.setMuted(muted), [subscription, muted]);
  useEffect(() => {
    const changed = () => setFullscreen(document.fullscreenElement !== null && document.fullscreenElement === screen.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  // A new session starts unmuted.
  useEffect(() => setMuted(false), [open?.roomId]);

  if (!open) return null;
  const fail = (e: unknown) => bus.publish('notify', { intent: 'error', key: isApiError(e) ? e.i18nKey : 'result.operate.failure' });

  const flip = () => {
    setBusy(true);
    sendCommand(open.deviceId, cameraCommand(open.facing === 'rear' ? 'front' : 'rear'))
      .then((record) => {
        if (record.monitor) dispatch(monitorOpened({ deviceId: open.deviceId, name: open.name, ...record.monitor }));
      })
      .catch(fail)
      .finally(() => setBusy(false));
  };
  const stop = () => {
    setBusy(true);
    stopMonitor(api, open.deviceId)
      .then(() => dispatch(monitorClosed()))
      .catch(fail)
      .finally(() => setBusy(false));
  };
  const toggleFullscreen = () => {
    const done = fullscreen ? document.exitFullscreen() : screen.current?.requestFullscreen();
    done?.catch(() => undefined); // refused (no user gesture, or not allowed): nothing changes
  };

  const ended = state === 'ended';
  // A device that never joined: say why in the spec's words instead of a bare 'ended'.
  const stateText = unavailable
    ? t('monitor.unavailable')
    : endCause
      ? t(`common:${MONITOR_END_CAUSE_KEYS[endCause]}`)
      : t(`monitor.state.${state ?? 'connecting'}`);
  const waiting = !unavailable && (state === null || state === 'connecting' || state === 'failed');

  return (
    <Dialog open modalType="non-modal" onOpenChange={(_e, d) => !d.open && (ended ? dispatch(monitorClosed()) : stop())}>
      <DialogSurface className={styles.surface} aria-describedby="dispatch-monitor-state">
        <DialogBody>
          <DialogTitle>{t(video ? 'monitor.titleVideo' : 'monitor.titleAudio', { name: open.name })}</DialogTitle>
          <DialogContent className={styles.content}>
            <div id="dispatch-monitor-state" role="status" className={styles.status} data-testid="monitor-state" data-state={unavailable ? 'unavailable' : (state ?? 'connecting')} data-cause={endCause ?? undefined}>
              {waiting && <Spinner size="tiny" aria-label={t('common:kit.loading')} />}
              <span>{stateText}</span>
              {video && <Caption facing={t(`monitor.facing.${open.facing ?? 'front'}`)} />}
            </div>
            {video ? (
              // The fullscreen element: the picture and, while fullscreen, the way back.
              <div ref={screen} className={styles.screen}>
                <video ref={(el) => void (player.current = el)} className={styles.video} autoPlay playsInline muted={muted} aria-label={t('monitor.video')} data-testid="monitor-video" />
                {fullscreen && (
                  <Button className={styles.exit} icon={<FullScreenMinimizeRegular />} onClick={toggleFullscreen}>
                    {t('monitor.exitFullscreen')}
                  </Button>
                )}
              </div>
            ) : (
              <>
                <Text>{t('monitor.audioOnly')}</Text>
                <audio ref={(el) => void (player.current = el)} autoPlay muted={muted} data-testid="monitor-audio" />
              </>
            )}
          </DialogContent>
          <DialogActions className={styles.actions}>
            {!ended && (
              <>
                <Button icon={<ArrowClockwiseRegular />} disabled={!subscription} onClick={() => subscription?.reconnect()}>
                  {t('monitor.reconnect')}
                </Button>
                <ToggleButton checked={muted} icon={muted ? <SpeakerMuteRegular /> : <Speaker2Regular />} onClick={() => setMuted(!muted)}>
                  {t(muted ? 'monitor.unmute' : 'monitor.mute')}
                </ToggleButton>
                {video && (
                  <Button icon={<FullScreenMaximizeRegular />} disabled={fullscreen} onClick={toggleFullscreen}>
                    {t('monitor.fullscreen')}
                  </Button>
                )}
                {video && (
                  <Button icon={<CameraSwitchRegular />} disabled={busy} onClick={flip}>
                    {t('monitor.flip')}
                  </Button>
                )}
                <Button appearance="primary" icon={<RecordStopRegular />} disabled={busy} onClick={stop}>
                  {t('monitor.stop')}
                </Button>
              </>
            )}
            {ended && (
              <Button appearance="primary" onClick={() => dispatch(monitorClosed())}>
                {t('monitor.close')}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

function Caption({ facing }: { facing: string }) {
  return <Text data-testid="monitor-facing">{facing}</Text>;
}
