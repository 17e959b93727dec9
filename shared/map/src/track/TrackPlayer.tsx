import { useEffect, useMemo, useState } from 'react';
import { Button, Field, Select, Slider, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { PauseRegular, PlayRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { MapSettings } from '@ptt/contracts';
import { MapView } from '../MapView';
import { MAP_NS } from '../strings';
import type { PttMap } from '../types';
import { formatDateTime, kmh } from './format';
import { PLAYBACK_SPEEDS, Player } from './playback';
import type { Clock, PlaybackSpeed, Timeline, TrackPosition } from './playback';
import { useTrackDrawing } from './useTrackDrawing';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM },
  // MapView fills its parent: the parent sets the size.
  map: { height: 'min(420px, 50vh)', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  controls: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: tokens.spacingHorizontalL },
  slider: { flexGrow: 1, minWidth: '200px' },
  facts: { display: 'flex', flexWrap: 'wrap', gap: `0 ${tokens.spacingHorizontalXL}`, margin: 0 },
  fact: { display: 'flex', gap: tokens.spacingHorizontalXS },
  term: { color: tokens.colorNeutralForeground3 },
  detail: { margin: 0, fontVariantNumeric: 'tabular-nums' },
});

export interface TrackPlayerProps {
  timeline: Timeline;
  settings: MapSettings;
  /** Injected by tests; the screen uses the page's clock and animation frames. */
  clock?: Clock;
}

/** A track on its own map with play, pause, speed, a time slider and follow. */
export function TrackPlayer({ timeline, settings, clock }: TrackPlayerProps) {
  const { t } = useTranslation(MAP_NS);
  const styles = useStyles();
  const player = useMemo(() => new Player(timeline, clock), [timeline, clock]);
  const [map, setMap] = useState<PttMap | null>(null);
  const [position, setPosition] = useState<TrackPosition>(() => player.position());
  const [offset, setOffset] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<PlaybackSpeed>(player.speed);
  const [follow, setFollow] = useState(true);
  useTrackDrawing(map, timeline, position, follow);

  // While playing, read the player once per frame; it stops by itself at the end.
  useEffect(() => {
    if (!playing) return;
    let frame = 0;
    const tick = () => {
      setOffset(player.offset());
      setPosition(player.position());
      if (player.playing) frame = requestAnimationFrame(tick);
      else setPlaying(false);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [player, playing]);

  const togglePlay = () => {
    if (playing) player.pause();
    else player.play();
    setPlaying(player.playing);
    setOffset(player.offset());
    setPosition(player.position());
  };
  const seek = (value: number) => {
    player.seek(value);
    setOffset(player.offset());
    setPosition(player.position());
  };
  const changeSpeed = (value: string) => {
    const next = PLAYBACK_SPEEDS.find((s) => String(s) === value) ?? 1;
    player.setSpeed(next);
    setSpeed(next);
  };
  const time = formatDateTime(position.time);

  return (
    <div className={styles.root}>
      <div className={styles.map}>
        <MapView settings={settings} ariaLabel={t('track.mapLabel')} onReady={setMap} />
      </div>
      <div className={styles.controls}>
        <Button appearance="primary" icon={playing ? <PauseRegular /> : <PlayRegular />} onClick={togglePlay} disabled={timeline.duration === 0}>
          {playing ? t('track.pause') : t('track.play')}
        </Button>
        <Field label={t('track.speed')}>
          <Select value={String(speed)} onChange={(_e, d) => changeSpeed(d.value)}>
            {PLAYBACK_SPEEDS.map((s) => (
              <option key={s} value={String(s)}>
                {t('track.speedValue', { speed: s })}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('track.position')} className={styles.slider}>
          <Slider
            min={0}
            max={Math.max(timeline.duration, 1)}
            value={Math.round(offset)}
            onChange={(_e, d) => seek(d.value)}
            disabled={timeline.duration === 0}
            aria-valuetext={time}
          />
        </Field>
        <Switch label={t('track.follow')} checked={follow} onChange={(_e, d) => setFollow(d.checked)} />
      </div>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt className={styles.term}>{t('track.time')}</dt>
          <dd className={styles.detail} data-testid="track-time">
            {time}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.term}>{t('track.currentSpeed')}</dt>
          <dd className={styles.detail}>{position.speed === null ? t('track.speedUnknown') : t('track.kmh', { value: kmh(position.speed) })}</dd>
        </div>
        <div className={styles.fact}>
          <dt className={styles.term}>{t('track.points')}</dt>
          <dd className={styles.detail}>{t('track.pointOf', { index: position.index + 1, count: timeline.points.length })}</dd>
        </div>
      </dl>
    </div>
  );
}
