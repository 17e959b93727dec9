import { Badge, Field, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSIGNMENT_OUTCOMES, type AssignmentCheckResult, type AssignmentCheckRow, type AssignmentOutcome } from '@ptt/contracts';
import { DataTable, type DataColumn, type TableQuery } from '@ptt/ui';
import { NS } from '../../core';
import { reasonText } from '../reasons';

type Filters = { outcome: string };

const BADGE: Record<AssignmentOutcome, 'brand' | 'informative' | 'subtle' | 'danger'> = {
  create: 'brand',
  change: 'informative',
  unchanged: 'subtle',
  error: 'danger',
};

const useStyles = makeStyles({
  counts: { display: 'flex', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  reasons: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

/** Counts per outcome, from the rows themselves (the table's filter labels use them too). */
export function outcomeCounts(rows: readonly AssignmentCheckRow[]): Record<AssignmentOutcome, number> {
  const counts: Record<AssignmentOutcome, number> = { create: 0, change: 0, unchanged: 0, error: 0 };
  for (const r of rows) counts[r.outcome]++;
  return counts;
}

/** Step 3: the dry run's answer, row by row, filtered by outcome; nothing is written yet. */
export function CheckStep({ check }: { check: AssignmentCheckResult }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const [query, setQuery] = useState<TableQuery<Filters>>({ page: 1, size: 50, filters: { outcome: '' } });
  const counts = useMemo(() => outcomeCounts(check.rows), [check.rows]);
  const shown = useMemo(
    () => (query.filters.outcome ? check.rows.filter((r) => r.outcome === query.filters.outcome) : check.rows),
    [check.rows, query.filters.outcome],
  );
  const page = shown.slice((query.page - 1) * query.size, query.page * query.size);

  const columns: DataColumn<AssignmentCheckRow>[] = [
    { id: 'row', header: t('assign.column.row'), cell: (r) => r.row, required: true, width: 64 },
    {
      id: 'outcome',
      header: t('assign.column.outcome'),
      cell: (r) => (
        <Badge appearance="tint" color={BADGE[r.outcome]}>
          {t(`assign.outcome.${r.outcome}`)}
        </Badge>
      ),
      required: true,
      width: 110,
    },
    { id: 'account', header: t('assign.column.account'), cell: (r) => r.account },
    { id: 'channels', header: t('assign.column.channels'), cell: (r) => r.channels },
    { id: 'level', header: t('assign.column.level'), cell: (r) => r.level, width: 64 },
    { id: 'remark', header: t('assign.column.remark'), cell: (r) => r.remark },
    {
      id: 'reason',
      header: t('assign.column.reason'),
      required: true,
      cell: (r) =>
        r.errors.length === 1 ? (
          reasonText(t, r.errors[0]!)
        ) : r.errors.length > 1 ? (
          <ul className={styles.reasons}>
            {r.errors.map((e, i) => (
              <li key={i}>{reasonText(t, e)}</li>
            ))}
          </ul>
        ) : null,
    },
  ];

  return (
    <>
      <Text>{t('assign.checkIntro')}</Text>
      <div className={styles.counts} role="status" data-testid="assign-counts">
        {ASSIGNMENT_OUTCOMES.map((o) => (
          <Text key={o} weight="semibold" data-outcome={o}>
            {t(`assign.counts.${o}`, { count: counts[o] })}
          </Text>
        ))}
      </div>
      <DataTable<AssignmentCheckRow, Filters>
        label={t('assign.rowsLabel')}
        columns={columns}
        rows={page}
        total={shown.length}
        rowId={(r) => r.row}
        query={query}
        onQueryChange={setQuery}
        emptyText={t('assign.noRows')}
        rowTestId={(r) => `assign-row-${r.row}`}
        rowData={(r) => ({ 'data-outcome': r.outcome })}
        maxHeight={360}
        toolbar={
          <Field label={t('assign.outcomeFilter')}>
            <Select value={query.filters.outcome} onChange={(_e, d) => setQuery({ ...query, page: 1, filters: { outcome: d.value } })}>
              <option value="">{t('assign.counts.all', { count: check.rows.length })}</option>
              {ASSIGNMENT_OUTCOMES.map((o) => (
                <option key={o} value={o}>
                  {t(`assign.counts.${o}`, { count: counts[o] })}
                </option>
              ))}
            </Select>
          </Field>
        }
      />
    </>
  );
}
