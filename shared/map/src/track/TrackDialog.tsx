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
import { MAP_NS } from '../strings';
import { fetchTrack } from './api';
import type { TrackRange } from './api';
import { Timeline } from './playback';
import type { Clock } from './playback';
import { TrackPlayer } from './TrackPlayer';

const useStyles = makeStyles({
  surface: { width: 'min(960px, calc(100vw - 32px))', maxWidth: 'none' },
});

type Loaded = { state: 'loading' } | { state: 'ready'; timeline: Timeline } | { state: 'failed'; key: string };
/** What was loaded, for which request: a result for another user or range counts as still loading. */
type ForRequest = Loaded & { request: string | null };

export interface TrackDialogProps {
  api: ApiClient;
  /** Whose track to show; null keeps the dialog closed. */
  userId: number | null;
  /** The user's name for the title (the track does not carry it); without it a generic title. */
  name?: string;
  settings: MapSettings;
  /** Only this part of the track (a record's time, say); without it the newest 1000 points. */
  range?: TrackRange;
  onClose: () => void;
  /** Injected by tests; the screen uses the page's clock and animation frames. */
  clock?: Clock;
}

/** A user's location track in a dialog, played back on its own map. Knows no store: the caller says whose and when. */
export function TrackDialog({ api, userId, name, settings, range, onClose, clock }: TrackDialogProps) {
  const { t } = useTranslation(MAP_NS);
  const styles = useStyles();
  const [result, setResult] = useState<ForRequest>({ state: 'loading', request: null });
  // Primitives, so a caller passing a new but equal range object each render does not reload.
  const from = range?.from;
  const to = range?.to;
  const request = userId === null ? null : `${userId}|${from ?? ''}|${to ?? ''}`;

  useEffect(() => {
    if (userId === null || request === null) return;
    const abort = new AbortController();
    fetchTrack(api, userId, { from, to }, abort.signal)
      .then((track) => {
        const points = track.points.map((p) => ({ time: Date.parse(p.time), lng: p.lng, lat: p.lat, speed: p.speed }));
        setResult(points.length > 0 ? { request, state: 'ready', timeline: new Timeline(points) } : { request, state: 'failed', key: 'client.noTrack' });
      })
      .catch((e: unknown) => {
        if (abort.signal.aborted) return;
        // 404/2012 'rule.noTrack' is the spec's 'no track'; other refusals say what they are.
        setResult({ request, state: 'failed', key: isApiError(e) ? e.i18nKey : 'client.infoLoadFailed' });
      });
    return () => abort.abort();
  }, [api, userId, from, to, request]);

  if (userId === null) return null;
  const loaded: Loaded = result.request === request ? result : { state: 'loading' };

  return (
    <Dialog open onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{name ? t('track.title', { name }) : t('track.titleUnnamed')}</DialogTitle>
          <DialogContent>
            {loaded.state === 'loading' ? <Spinner label={t('track.loading')} /> : null}
            {loaded.state === 'failed' ? (
              <MessageBar intent={loaded.key.endsWith('noTrack') ? 'info' : 'error'}>
                <MessageBarBody>{t(loaded.key, { ns: COMMON_NS })}</MessageBarBody>
              </MessageBar>
            ) : null}
            {loaded.state === 'ready' ? <TrackPlayer timeline={loaded.timeline} settings={settings} clock={clock} /> : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('track.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
