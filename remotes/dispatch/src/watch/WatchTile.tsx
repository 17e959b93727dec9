import { useEffect, useId, useState } from 'react';
import { Button, Caption1, Card, Checkbox, Radio, RadioGroup, Slider, Text, ToggleButton, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { DismissRegular, MicRegular, Speaker2Regular, SpeakerMuteRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { WATCH_PANS } from '@ptt/contracts';
import type { FloorVia, PttTalker, WatchPan, WatchedChannel } from '@ptt/contracts';
import type { RoomConnection } from '@ptt/media';
import { NS } from '../core';
import type { ChannelPriority } from './priority';
import { PriorityControls } from './PriorityControls';
import { ReplayLast } from './ReplayLast';
import { TilePatch } from './TilePatch';
import type { TilePatchInfo } from './TilePatch';

/** How often the tile reads its room's output level (the meter and `data-level`). */
export const LEVEL_INTERVAL_MS = 200;

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
  via?: { kind: FloorVia['kind']; channel: string | null } | null;
  /** Ticked for a patch or an all-call. */
  ticked?: boolean;
  onTick?: (ticked: boolean) => void;
  /** The patch this channel is in, if any. */
  patch?: TilePatchInfo | null;
}

function talkerKey(via: WatchTileProps['via']): string {
  if (via?.kind === 'allcall') return 'watch.patch.talkerAllCall';
  if (via?.kind === 'patch' && via.channel) return 'watch.patch.talkerVia';
  return 'watch.talker';
}

/** The room's output level (after volume and mute) and the clock, read every LEVEL_INTERVAL_MS. */
function useLevelAndClock(room: RoomConnection | null): { level: number; now: number } {
  const [level, setLevel] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const read = () => {
      setLevel(room ? Math.round(room.getOutputLevel() * 1000) / 1000 : 0);
      // Whole seconds only: the tile renders again when the talk's duration changes, not 5 times a second.
      setNow(Math.floor(Date.now() / 1000) * 1000);
    };
    read();
    const timer = setInterval(read, LEVEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [room]);
  return { level, now };
}

/**
 * One watched channel: its name, the transmit choice, who talks and for how long, its volume,
 * mute and side, and a level meter of what it plays now.
 */
export function WatchTile({ channel, name, selected, room, holder, since, onChange, onTransmit, onRemove, priority, via = null, ticked = false, onTick, patch = null }: WatchTileProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const nameId = useId();
  const { level, now } = useLevelAndClock(room);
  // The server's grant time; a console clock that runs behind shows 0 s rather than a negative time.
  const seconds = holder && since ? Math.max(0, Math.floor((now - Date.parse(since)) / 1000)) : 0;

  return (
    <Card
      className={mergeClasses(styles.tile, selected && styles.selected)}
      role="group"
      aria-labelledby={nameId}
      data-testid="watch-tile"
      data-channel-id={channel.channelId}
      data-level={level.toFixed(3)}
      data-talker={holder ? String(holder.uid) : ''}
      data-selected={selected}
      data-ducked={priority?.ducked ?? false}
      data-ticked={ticked}
      data-patched={patch !== null}
      data-via={holder && via ? via.kind : ''}
    >
      <div className={styles.head}>
        {onTick && <Checkbox checked={ticked} aria-label={t('watch.patch.tick', { name })} onChange={(_, d) => onTick(d.checked === true)} />}
        <Text id={nameId} className={styles.name}>
          {name}
        </Text>
        <ToggleButton size="small" icon={<MicRegular />} checked={selected} aria-label={t('watch.transmitOn', { name })} onClick={() => !selected && onTransmit()}>
          {selected ? t('watch.selected') : t('watch.transmit')}
        </ToggleButton>
        <Button size="small" appearance="subtle" icon={<DismissRegular />} aria-label={t('watch.remove', { name })} onClick={onRemove} />
      </div>
      {holder ? (
        <Caption1 className={styles.talker} role="status">
          {t(talkerKey(via), { name: holder.nickname, seconds, channel: via?.channel ?? '' })}
        </Caption1>
      ) : (
        <Caption1 className={styles.quiet}>{t('watch.quiet')}</Caption1>
      )}
      {patch && <TilePatch name={name} patch={patch} />}
      <ReplayLast channelId={channel.channelId} name={name} room={room} />
      <PriorityControls channel={channel} name={name} state={priority} onChange={onChange} />
      <meter className={styles.meter} min={0} max={1} low={0.05} high={0.7} value={level} aria-label={t('watch.level', { name })} />
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
    </Card>
  );
}
