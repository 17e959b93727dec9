import {
  Badge,
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPosition, formatTime, formatWaited, memberName, useNow } from '../core';
import { NS } from '../strings';
import type { QueueEntry } from './queue';
import type { OpenQueue } from './useOpenQueue';

const useStyles = makeStyles({
  row: { cursor: 'pointer' },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  // An SOS nobody has taken stands out from the ones being handled.
  waiting: { boxShadow: `inset 4px 0 0 ${tokens.colorPaletteRedBorder2}` },
  clock: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold },
  empty: { display: 'block', padding: tokens.spacingVerticalXXL, textAlign: 'center', fontSize: tokens.fontSizeBase400 },
  member: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export interface SosQueueProps {
  queue: OpenQueue;
  selectedId: number | null;
  onSelect: (id: number) => void;
}

/** The open SOS, oldest first, each with its live waited clock; a row selects it. */
export function SosQueue({ queue, selectedId, onSelect }: SosQueueProps) {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'queue' });
  const styles = useStyles();
  const now = useNow();
  const { entries } = queue;

  if (queue.error && !queue.loaded) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{t('loadFailed')}</MessageBarBody>
        <MessageBarActions>
          <Button onClick={queue.retry}>{t('retry')}</Button>
        </MessageBarActions>
      </MessageBar>
    );
  }
  if (queue.loading && entries.length === 0) return <Spinner size="small" label={t('loading')} />;
  if (entries.length === 0) {
    return (
      <Text role="status" className={styles.empty} data-testid="sos-empty">
        {t('empty')}
      </Text>
    );
  }

  const keyDown = (e: KeyboardEvent, id: number) => {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    onSelect(id);
  };
  const cls = (e: QueueEntry) => mergeClasses(styles.row, e.id === selectedId && styles.selected, e.ackedAt === null && styles.waiting);

  return (
    <Table aria-label={t('label')} size="small">
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t('column.member')}</TableHeaderCell>
          <TableHeaderCell>{t('column.device')}</TableHeaderCell>
          <TableHeaderCell>{t('column.position')}</TableHeaderCell>
          <TableHeaderCell>{t('column.started')}</TableHeaderCell>
          <TableHeaderCell>{t('column.waited')}</TableHeaderCell>
          <TableHeaderCell>{t('column.acknowledged')}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((e) => (
          <TableRow
            key={e.id}
            className={cls(e)}
            tabIndex={0}
            aria-selected={e.id === selectedId}
            onClick={() => onSelect(e.id)}
            onKeyDown={(ev) => keyDown(ev, e.id)}
            data-testid="sos-row"
            data-sos-id={String(e.id)}
            data-acked={String(e.ackedAt !== null)}
            data-escalated={String(e.escalatedAt !== null)}
          >
            <TableCell>
              <span className={styles.member}>
                {memberName(e.nickname, e.account)}
                {e.escalatedAt !== null && (
                  <Badge color="danger" appearance="filled" size="small">
                    {t('escalated')}
                  </Badge>
                )}
              </span>
            </TableCell>
            <TableCell>{e.device ?? t('noDevice')}</TableCell>
            <TableCell>{formatPosition(e.lat, e.lng) ?? t('noPosition')}</TableCell>
            <TableCell>{formatTime(e.startedAt, i18n.language)}</TableCell>
            <TableCell>
              <span className={styles.clock} data-testid="sos-waited">
                {formatWaited(e.startedAt, now)}
              </span>
            </TableCell>
            <TableCell>{e.ackedBy ? t('ackedBy', { name: e.ackedBy.nickname }) : e.ackedAt ? t('ackedBy', { name: '—' }) : t('notAcked')}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
