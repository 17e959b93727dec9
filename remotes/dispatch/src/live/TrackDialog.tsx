import { useEffect, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Spinner,
  makeStyles,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import type { MapSettings } from '@ptt/contracts';
import type { ApiClient } from '@ptt/event-bus';
import { isApiError } from '@ptt/event-bus';
import { COMMON_NS } from '@ptt/ui';
import { openTrack } from '../console/slice';
import { NS } from '../strings';
import { useAppDispatch, useAppSelector } from '../store';
import { fetchTrack } from './api';
import { Timeline } from './playback';
import type { Clock } from './playback';
import { TrackPlayer } from './TrackPlayer';

const useStyles = makeStyles({
  surface: { width: 'min(960px, calc(100vw - 32px))', maxWidth: 'none' },
});

type Loaded = { state: 'loading' } | { state: 'ready'; timeline: Timeline } | { state: 'failed'; key: string };
/** What was loaded, for which member: a result for another member counts as still loading. */
type ForMember = Loaded & { uid: number | null };

export interface TrackDialogProps {
  api: ApiClient;
  settings: MapSettings;
  /** The member's name for the title (the roster knows it; the track does not carry it). */
  nameOf: (uid: number) => string | undefined;
  clock?: Clock;
}

/** The location track dialog of the member in `console.trackUserId`: the last 1000 points, played back. */
export function TrackDialog({ api, settings, nameOf, clock }: TrackDialogProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const dispatch = useAppDispatch();
  const uid = useAppSelector((s) => s.console.trackUserId);
  const [result, setResult] = useState<ForMember>({ state: 'loading', uid: null });

  useEffect(() => {
    if (uid === null) return;
    const abort = new AbortController();
    fetchTrack(api, uid, abort.signal)
      .then((track) => {
        const points = track.points.map((p) => ({ time: Date.parse(p.time), lng: p.lng, lat: p.lat, speed: p.speed }));
        setResult(points.length > 0 ? { uid, state: 'ready', timeline: new Timeline(points) } : { uid, state: 'failed', key: 'client.noTrack' });
      })
      .catch((e: unknown) => {
        if (abort.signal.aborted) return;
        // 404/2012 'rule.noTrack' is the spec's 'no track'; other refusals say what they are.
        setResult({ uid, state: 'failed', key: isApiError(e) ? e.i18nKey : 'client.infoLoadFailed' });
      });
    return () => abort.abort();
  }, [api, uid]);

  if (uid === null) return null;
  const loaded: Loaded = result.uid === uid ? result : { state: 'loading' };
  const name = nameOf(uid);
  const close = () => dispatch(openTrack(null));

  return (
    <Dialog open onOpenChange={(_e, d) => !d.open && close()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{name ? t('live.track.title', { name }) : t('live.track.titleUnnamed')}</DialogTitle>
          <DialogContent>
            {loaded.state === 'loading' ? <Spinner label={t('live.track.loading')} /> : null}
            {loaded.state === 'failed' ? (
              <MessageBar intent={loaded.key.endsWith('noTrack') ? 'info' : 'error'}>
                <MessageBarBody>{t(loaded.key, { ns: COMMON_NS })}</MessageBarBody>
              </MessageBar>
            ) : null}
            {loaded.state === 'ready' ? <TrackPlayer timeline={loaded.timeline} settings={settings} clock={clock} /> : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>{t('live.track.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
