import { memo, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import { Button, Caption1, Card, Checkbox, Radio, RadioGroup, Slider, Text, ToggleButton, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DismissRegular, MicRegular, Speaker2Regular, SpeakerMuteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { WATCH_PANS } from '@ptt/contracts';
import type { PttTalker, WatchPan, WatchedChannel } from '@ptt/contracts';
import type { RoomConnection } from '@ptt/media';
import { NS } from '../core';
import type { ChannelPriority } from './priority';
import { PriorityControls } from './PriorityControls';
import { ReplayLast } from './ReplayLast';
import { TileLevel, TileTalker } from './TileLive';
import type { TileVia } from './TileLive';
import { TilePatch } from './TilePatch';
import type { TilePatchInfo } from './TilePatch';

export { LEVEL_INTERVAL_MS, LEVEL_TAIL_MS } from './TileLive';

const useStyles = makeStyles({
  tile: { display: 'grid', gap: tokens.spacingVerticalXS, padding: tokens.spacingVerticalS },
  selected: { outline: `2px solid ${tokens.colorBrandStroke1}` },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  name: { flexGrow: 1, fontWeight: tokens.fontWeightSemibold, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  talker: { color: tokens.colorPaletteGreenForeground1, fontWeight: tokens.fontWeightSemibold },
  quiet: { color: tokens.colorNeutralForeground3 },
  meter: { width: '100%', height: '6px', accentColor: tokens.colorPaletteGreenForeground1 },
  slider: { flexGrow: 1, minWidth: '120px' },
});

export interface WatchTileProps {
  channel: WatchedChannel;
  name: string;
  selected: boolean;
  /** The room that plays this channel (listen-only, or the PTT panel's when selected); null while none. */
  room: RoomConnection | null;
  /** Who holds the channel's floor and since when (ISO, the server's clock). */
  holder: PttTalker | null;
  since: string | null;
  /** A change of volume (as it moves), mute or pan. */
  onChange: (next: WatchedChannel) => void;
  onTransmit: () => void;
  onRemove: () => void;
  /** Priority, SOS priority and ducking now (usePriority). */
  priority?: ChannelPriority;
  /** How the floor reached this channel when the talker pressed elsewhere, with that channel's name (patch). */
  via?: TileVia;
  /** Ticked for a patch or an all-call. */
  ticked?: boolean;
  /** Ticks a channel; without it (a role that may not patch nor all-call) the tile has no tick box. */
  onTick?: (ticked: boolean) => void;
  /** The patch this channel is in, if any. */
  patch?: TilePatchInfo | null;
}

/** A callback of stable identity that always calls the latest `fn`, so memoised children keep their props. */
function useLatest<A extends unknown[]>(fn: ((...args: A) => void) | undefined): (...args: A) => void {
  const ref = useRef(fn);
  useLayoutEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current?.(...args), []);
}

interface TileHeadProps {
  name: string;
  nameId: string;
  selected: boolean;
  ticked: boolean;
  tickable: boolean;
  onTick: (ticked: boolean) => void;
  onTransmit: () => void;
  onRemove: () => void;
}

/** The tick box, the name, the transmit choice and "stop watching". */
const TileHead = memo(function TileHead({ name, nameId, selected, ticked, tickable, onTick, onTransmit, onRemove }: TileHeadProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  return (
    <div className={styles.head}>
      {tickable && <Checkbox checked={ticked} aria-label={t('watch.patch.tick', { name })} onChange={(_, d) => onTick(d.checked === true)} />}
      <Text id={nameId} className={styles.name}>
        {name}
      </Text>
      <ToggleButton size="small" icon={<MicRegular />} checked={selected} aria-label={t('watch.transmitOn', { name })} onClick={() => !selected && onTransmit()}>
        {selected ? t('watch.selected') : t('watch.transmit')}
      </ToggleButton>
      <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={t('watch.remove', { name })} onClick={onRemove} />
    </div>
  );
});

interface TileOutputProps {
  channel: WatchedChannel;
  name: string;
  onChange: (next: WatchedChannel) => void;
}

/** Mute, volume and side: the Fluent slider and radio group, rendered only when the channel's settings change. */
export const TileOutput = memo(function TileOutput({ channel, name, onChange }: TileOutputProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  return (
    <>
      <div className={styles.row}>
        <ToggleButton
          size="small"
          icon={channel.muted ? <SpeakerMuteRegular /> : <Speaker2Regular />}
          checked={channel.muted}
          aria-label={channel.muted ? t('watch.unmute', { name }) : t('watch.mute', { name })}
          onClick={() => onChange({ ...channel, muted: !channel.muted })}
        />
        <Slider
          className={styles.slider}
          size="small"
          min={0}
          max={100}
          value={channel.volume}
          aria-label={t('watch.volume', { name })}
          aria-valuetext={t('watch.volumeValue', { value: channel.volume })}
          onChange={(_, d) => onChange({ ...channel, volume: d.value })}
        />
        <Caption1>{t('watch.volumeValue', { value: channel.volume })}</Caption1>
      </div>
      <RadioGroup
        layout="horizontal"
        aria-label={t('watch.pan', { name })}
        value={channel.pan}
        onChange={(_, d) => onChange({ ...channel, pan: d.value as WatchPan })}
      >
        {WATCH_PANS.map((p) => (
          <Radio key={p} value={p} label={t(`watch.pans.${p}`)} />
        ))}
      </RadioGroup>
    </>
  );
});

const MemoReplayLast = memo(ReplayLast);
const MemoPriorityControls = memo(PriorityControls);
const MemoTilePatch = memo(TilePatch);

/**
 * One watched channel: its name, the transmit choice, who talks and for how long, its volume,
 * mute and side, and a level meter of what it plays now.
 *
 * The tile renders when its props change (a floor, a setting, a patch), never on a timer: the
 * talking clock (TileTalker) and the level meter (TileLevel, which also writes the tile's
 * `data-level`) own their timers, and the Fluent controls are memoised behind callbacks of
 * stable identity, so a render of the tile does not render them unless their own props changed.
 */
export function WatchTile({ channel, name, selected, room, holder, since, onChange, onTransmit, onRemove, priority, via = null, ticked = false, onTick, patch = null }: WatchTileProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const nameId = useId();
  const tileRef = useRef<HTMLDivElement>(null);
  const [replaying, setReplaying] = useState(false);
  const change = useLatest(onChange);
  const transmit = useLatest(onTransmit);
  const remove = useLatest(onRemove);
  const tick = useLatest(onTick);

  return (
    <Card
      ref={tileRef}
      className={mergeClasses(styles.tile, selected && styles.selected)}
      role="group"
      aria-labelledby={nameId}
      data-testid="watch-tile"
      data-channel-id={channel.channelId}
      data-talker={holder ? String(holder.uid) : ''}
      data-selected={selected}
      data-ducked={priority?.ducked ?? false}
      data-ticked={ticked}
      data-patched={patch !== null}
      data-via={holder && via ? via.kind : ''}
    >
      <TileHead name={name} nameId={nameId} selected={selected} ticked={ticked} tickable={onTick !== undefined} onTick={tick} onTransmit={transmit} onRemove={remove} />
      <TileTalker holder={holder} since={since} viaKind={via?.kind ?? null} viaChannel={via?.channel ?? null} className={styles.talker} quietClassName={styles.quiet} />
      {patch && <MemoTilePatch name={name} patch={patch} />}
      <MemoReplayLast channelId={channel.channelId} name={name} room={room} onPlaying={setReplaying} />
      <MemoPriorityControls channel={channel} name={name} state={priority} onChange={change} />
      <TileLevel room={room} active={holder !== null || replaying} label={t('watch.level', { name })} className={styles.meter} tileRef={tileRef} />
      <TileOutput channel={channel} name={name} onChange={change} />
    </Card>
  );
}
