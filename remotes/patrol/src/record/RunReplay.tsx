import { Body1, Button, Field, MessageBar, MessageBarBody, Select, Slider, makeStyles, tokens } from '@fluentui/react-components';
import { PauseRegular, PlayRegular } from '@fluentui/react-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PatrolRunDetail } from '@ptt/contracts';
import { MapView, type PttMap } from '@ptt/map';
import { NS } from '../core/ns';
import { useTimeFormat } from './format';
import { ReplayOverlay } from './ReplayOverlay';
import { REPLAY_SPEEDS, positionAt, replaySpan, settledAt, stopResultAt, tracksOf } from './replay';
import { useMapSettings } from './services';
import { useReplayClock } from './useReplayClock';

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM },
  // MapView fills its parent: the parent sets the size.
  map: { height: 'min(420px, 50vh)', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden' },
  controls: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: tokens.spacingHorizontalL },
  slider: { flexGrow: 1, minWidth: '200px' },
  time: { fontVariantNumeric: 'tabular-nums' },
});

/** A run on the map against its plan, played back: stops turn their result's colour as they were settled. */
export function RunReplay({ run }: { run: PatrolRunDetail }) {
  const { t } = useTranslation(NS, { keyPrefix: 'record.detail' });
  const { t: tr } = useTranslation(NS, { keyPrefix: 'record' });
  const styles = useStyles();
  const settings = useMapSettings();
  const { time: fullTime, clock } = useTimeFormat();
  const [map, setMap] = useState<PttMap | null>(null);
  const tracks = useMemo(() => tracksOf(run), [run]);
  const { start, end } = useMemo(() => replaySpan(run, tracks), [run, tracks]);
  const replay = useReplayClock(start, end);
  const names = useMemo(() => new Map(run.members.map((m) => [m.uid, m.nickname || m.account])), [run.members]);

  // Frame the plan and the tracks once the map is there.
  useEffect(() => {
    if (!map) return;
    const points = [...run.nodes, ...tracks.flatMap((tr) => tr.points)].map((p) => map.toLatLng(p));
    if (points.length === 0) return;
    map.leaflet.invalidateSize();
    map.leaflet.fitBounds(
      points.map((p) => [p.lat, p.lng] as [number, number]),
      { padding: [32, 32], maxZoom: 18 },
    );
  }, [map, run.nodes, tracks]);

  const stops = run.nodes.map((node) => ({ node, result: stopResultAt(node, run.nodes, run.deadline, replay.time) }));
  const members = tracks.map((track) => ({ track, name: names.get(track.uid) ?? `#${track.uid}`, at: positionAt(track.points, replay.time) }));
  // The latest check-in up to now, announced as the replay passes it.
  const latest = run.nodes
    .filter((n) => n.checkedAt && n.result !== 'missed' && (settledAt(n, run.nodes, run.deadline) ?? Infinity) <= replay.time)
    .sort((a, b) => Date.parse(b.checkedAt!) - Date.parse(a.checkedAt!))[0];

  return (
    <div className={styles.root}>
      {tracks.length === 0 && (
        <MessageBar intent="info">
          <MessageBarBody>{t('noTrack')}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.map}>
        <MapView settings={settings} ariaLabel={t('mapLabel')} center={run.nodes[0]} zoom={16} onReady={setMap}>
          {map && <ReplayOverlay map={map} stops={stops} members={members} time={replay.time} />}
        </MapView>
      </div>
      <div className={styles.controls}>
        <Button appearance="primary" icon={replay.playing ? <PauseRegular /> : <PlayRegular />} onClick={replay.toggle}>
          {replay.playing ? t('pause') : t('play')}
        </Button>
        <Field label={t('speed')}>
          <Select value={String(replay.speed)} onChange={(_e, d) => replay.setSpeed(REPLAY_SPEEDS.find((s) => String(s) === d.value) ?? replay.speed)}>
            {REPLAY_SPEEDS.map((s) => (
              <option key={s} value={String(s)}>
                {t('speedValue', { speed: s })}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('position')} className={styles.slider}>
          <Slider
            min={0}
            max={Math.round((end - start) / 1000)}
            value={Math.round((replay.time - start) / 1000)}
            onChange={(_e, d) => replay.seek(start + d.value * 1000)}
            aria-valuetext={fullTime(new Date(replay.time).toISOString())}
          />
        </Field>
        <Body1 className={styles.time} data-testid="replay-time">
          {clock(replay.time)}
        </Body1>
      </div>
      <Body1 role="status" data-testid="replay-latest">
        {latest
          ? t(latest.checkedBy ? 'latestBy' : 'latest', {
              time: clock(Date.parse(latest.checkedAt!)),
              node: latest.name,
              result: tr(`result.${latest.result}`),
              member: latest.checkedBy?.nickname,
            })
          : ''}
      </Body1>
    </div>
  );
}
