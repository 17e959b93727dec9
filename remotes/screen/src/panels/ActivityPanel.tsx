import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { formatAge } from '../core';
import type { EndedBurst, LiveFloor } from '../live/screenState';
import { NS } from '../strings';
import { ClippedList, Panel } from './Panel';
import { u } from './units';

const ROW_UNITS = 2.6;

const useStyles = makeStyles({
  row: { display: 'grid', gridTemplateColumns: 'minmax(0, 1fr) minmax(0, 1fr) auto', alignItems: 'center', columnGap: u(0.6), height: '100%' },
  cell: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' },
  live: { fontSize: u(1.25), fontWeight: 600 },
  channel: { color: tokens.colorBrandForeground1 },
  seconds: { fontVariantNumeric: 'tabular-nums', fontWeight: 700 },
  ended: { fontSize: u(1), color: tokens.colorNeutralForeground2 },
  heading: { fontSize: u(1), fontWeight: 600, color: tokens.colorNeutralForeground3, textTransform: 'uppercase', display: 'flex', alignItems: 'flex-end', height: '100%' },
});

type Row = { kind: 'live'; floor: LiveFloor } | { kind: 'heading' } | { kind: 'ended'; burst: EndedBurst };

const keyOf = (r: Row) => (r.kind === 'live' ? `live:${r.floor.chatId}` : r.kind === 'heading' ? 'heading' : `ended:${r.burst.key}`);

/** Who talks now in which channel (ticking seconds), then the last ended bursts. */
export function ActivityPanel({ floors, ended, now }: { floors: ReadonlyMap<string, LiveFloor>; ended: readonly EndedBurst[]; now: number }) {
  const { t } = useTranslation(NS, { keyPrefix: 'activity' });
  const styles = useStyles();
  const live = [...floors.values()].sort((a, b) => a.since - b.since);
  const rows: Row[] = live.map((floor): Row => ({ kind: 'live', floor }));
  if (ended.length > 0) rows.push({ kind: 'heading' }, ...ended.map((burst): Row => ({ kind: 'ended', burst })));
  return (
    <Panel title={t('label')} testId="screen-activity">
      <ClippedList
        items={rows}
        rowUnits={ROW_UNITS}
        keyOf={keyOf}
        empty={t('empty')}
        render={(r) => {
          if (r.kind === 'heading') return <div className={styles.heading}>{t('ended')}</div>;
          if (r.kind === 'live') {
            return (
              <div className={mergeClasses(styles.row, styles.live)} data-testid="screen-talk">
                <span className={mergeClasses(styles.cell, styles.channel)}>{r.floor.channelName}</span>
                <span className={styles.cell}>{r.floor.holder.nickname}</span>
                <span className={styles.seconds} data-testid="screen-talk-seconds">{formatAge(now - r.floor.since)}</span>
              </div>
            );
          }
          return (
            <div className={mergeClasses(styles.row, styles.ended)} data-testid="screen-ended">
              <span className={styles.cell}>{r.burst.channelName}</span>
              <span className={styles.cell}>{r.burst.talker.nickname}</span>
              <span className={styles.seconds}>{r.burst.seconds === null ? '' : t('endedItem', { seconds: r.burst.seconds })}</span>
            </div>
          );
        }}
      />
    </Panel>
  );
}
