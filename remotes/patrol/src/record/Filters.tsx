import { Button, Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { PATROL_CHECKIN_METHODS, PATROL_CHECKIN_RESULTS, PATROL_DURATION_FLAGS, PATROL_RUN_STATUSES } from '@ptt/contracts';
import { MemberPicker } from '@ptt/ui';
import { NS } from '../core/ns';
import { useLazyPatrolRecordMemberOptionsQuery, usePatrolRecordMemberQuery, usePatrolRecordNodeOptionsQuery, usePatrolRecordTaskOptionsQuery } from './api';
import { RANGE_PRESETS, isoToLocalInput, localInputToIso, type RangePreset } from './timeRange';
import type { RecordView } from './view';

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'end', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  time: { minWidth: '200px' },
});

interface Props {
  view: RecordView;
  change: (patch: Partial<RecordView>) => void;
}

const CLEARED: Partial<RecordView> = { range: null, from: null, to: null, taskId: null, userId: null, nodeId: null, status: '', flag: '', method: '', result: '' };

/** The filters above a record list; each change is a new view in the URL. */
export function RecordFilters({ view, change }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'record' });
  const styles = useStyles();
  const runs = view.list === 'runs';
  const filtered = view.range !== null || view.taskId !== null || view.userId !== null || view.nodeId !== null || [view.status, view.flag, view.method, view.result].some((v) => v !== '');
  const idOf = (v: string) => (v === '' ? null : Number(v));
  return (
    <div className={styles.root} role="group" aria-label={t('filters.label')}>
      <Field label={t('filters.range')}>
        <Select value={view.range ?? ''} onChange={(_e, d) => change({ range: (d.value || null) as RangePreset | null, from: null, to: null })}>
          <option value="">{t('filters.any')}</option>
          {RANGE_PRESETS.map((r) => (
            <option key={r} value={r}>
              {t(`filters.${r}`)}
            </option>
          ))}
        </Select>
      </Field>
      {view.range === 'custom' && (
        <>
          <Field label={t('filters.from')}>
            <Input className={styles.time} type="datetime-local" value={isoToLocalInput(view.from)} onChange={(_e, d) => change({ from: localInputToIso(d.value) })} />
          </Field>
          <Field label={t('filters.to')}>
            <Input className={styles.time} type="datetime-local" value={isoToLocalInput(view.to)} onChange={(_e, d) => change({ to: localInputToIso(d.value) })} />
          </Field>
        </>
      )}
      <TaskFilter value={view.taskId} onChange={(v) => change({ taskId: idOf(v) })} />
      {!runs && <NodeFilter value={view.nodeId} onChange={(v) => change({ nodeId: idOf(v) })} />}
      <MemberFilter userId={view.userId} onChange={(userId) => change({ userId })} />
      {runs ? (
        <>
          <EnumFilter name="status" values={PATROL_RUN_STATUSES} value={view.status} onChange={(status) => change({ status })} />
          <EnumFilter name="flag" values={PATROL_DURATION_FLAGS} value={view.flag} onChange={(flag) => change({ flag })} />
        </>
      ) : (
        <>
          <EnumFilter name="method" values={PATROL_CHECKIN_METHODS} value={view.method} onChange={(method) => change({ method })} />
          <EnumFilter name="result" values={PATROL_CHECKIN_RESULTS} value={view.result} onChange={(result) => change({ result })} />
        </>
      )}
      {filtered && (
        <Button appearance="subtle" onClick={() => change(CLEARED)}>
          {t('filters.reset')}
        </Button>
      )}
    </div>
  );
}

const ANY_KEY = { status: 'anyStatus', flag: 'anyFlag', method: 'anyMethod', result: 'anyResult' } as const;

/** One of a contracts enum, labelled from the section's strings (`record.status.active`, ...). */
function EnumFilter({ name, values, value, onChange }: { name: keyof typeof ANY_KEY; values: readonly string[]; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation(NS, { keyPrefix: 'record' });
  return (
    <Field label={t(`filters.${name}`)}>
      <Select value={value} onChange={(_e, d) => onChange(d.value)}>
        <option value="">{t(`filters.${ANY_KEY[name]}`)}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`${name}.${v}`)}
          </option>
        ))}
      </Select>
    </Field>
  );
}

function TaskFilter({ value, onChange }: { value: number | null; onChange: (v: string) => void }) {
  const { t } = useTranslation(NS, { keyPrefix: 'record.filters' });
  const tasks = usePatrolRecordTaskOptionsQuery().data?.items ?? [];
  return (
    <Field label={t('task')}>
      <Select value={value === null ? '' : String(value)} onChange={(_e, d) => onChange(d.value)}>
        <option value="">{t('anyTask')}</option>
        {tasks.map((task) => (
          <option key={task.id} value={String(task.id)}>
            {task.name}
          </option>
        ))}
        {/* A task from a link that is not in the list (deleted since) still shows as chosen. */}
        {value !== null && !tasks.some((task) => task.id === value) && <option value={String(value)}>{`#${value}`}</option>}
      </Select>
    </Field>
  );
}

function NodeFilter({ value, onChange }: { value: number | null; onChange: (v: string) => void }) {
  const { t } = useTranslation(NS, { keyPrefix: 'record.filters' });
  const nodes = usePatrolRecordNodeOptionsQuery().data?.items ?? [];
  return (
    <Field label={t('node')}>
      <Select value={value === null ? '' : String(value)} onChange={(_e, d) => onChange(d.value)}>
        <option value="">{t('anyNode')}</option>
        {nodes.map((node) => (
          <option key={node.id} value={String(node.id)}>
            {node.name}
          </option>
        ))}
        {value !== null && !nodes.some((node) => node.id === value) && <option value={String(value)}>{`#${value}`}</option>}
      </Select>
    </Field>
  );
}

/** The shared member picker on this remote's user endpoints. */
function MemberFilter({ userId, onChange }: { userId: number | null; onChange: (userId: number | null) => void }) {
  const { t } = useTranslation(NS, { keyPrefix: 'record.filters' });
  const [find] = useLazyPatrolRecordMemberOptionsQuery();
  const search = useCallback(async (q: string) => (await find(q, true).unwrap()).items, [find]);
  const chosen = usePatrolRecordMemberQuery(userId ?? skipToken).data;
  return <MemberPicker userId={userId} chosen={chosen} search={search} onChange={onChange} anyLabel={t('anyMember')} />;
}
