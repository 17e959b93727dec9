import { Button, Field, Input, SearchBox, Select, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEVICE_FILTER_MAX_LENGTH } from '@ptt/contracts';
import { MemberPicker } from '@ptt/ui';
import { useLazyRecordsMemberOptionsQuery, useRecordsMemberQuery } from './api';
import { NS } from './ns';
import { RANGE_PRESETS, isoToLocalInput, localInputToIso, type RangePreset } from './timeRange';
import type { RecordView, ViewSpec } from './view';

export interface TypeOption {
  value: string;
  label: string;
  /** Options of one group are listed together under its name (the operation groups). */
  group?: string;
}

interface Props {
  spec: ViewSpec;
  view: RecordView;
  change: (patch: Partial<RecordView>) => void;
  /** The type filter's choices (operation types, leave or stay); none: no type filter. */
  types?: readonly TypeOption[];
}

const useStyles = makeStyles({
  root: { display: 'flex', alignItems: 'end', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  time: { minWidth: '200px' },
});

/** A pause in typing a device before the list asks the server. */
const DEVICE_DELAY_MS = 400;

/** The filters above a record table; each change is a new view in the URL. */
export function RecordFilters({ spec, view, change, types = [] }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'core.filters' });
  const styles = useStyles();
  const filtered = view.range !== null || view.userId !== null || view.device !== '' || view.type !== '';
  return (
    <div className={styles.root} role="group" aria-label={t('label')}>
      <Field label={t('range')}>
        <Select value={view.range ?? ''} onChange={(_e, d) => change({ range: (d.value || null) as RangePreset | null, from: null, to: null })}>
          <option value="">{t('any')}</option>
          {RANGE_PRESETS.map((r) => (
            <option key={r} value={r}>
              {t(r)}
            </option>
          ))}
        </Select>
      </Field>
      {view.range === 'custom' && (
        <>
          <Field label={t('from')}>
            <Input className={styles.time} type="datetime-local" value={isoToLocalInput(view.from)} onChange={(_e, d) => change({ from: localInputToIso(d.value) })} />
          </Field>
          <Field label={t('to')}>
            <Input className={styles.time} type="datetime-local" value={isoToLocalInput(view.to)} onChange={(_e, d) => change({ to: localInputToIso(d.value) })} />
          </Field>
        </>
      )}
      {!view.mine && <MemberFilter userId={view.userId} onChange={(userId) => change({ userId })} />}
      {spec.device && <DeviceFilter value={view.device} onCommit={(device) => change({ device })} />}
      {types.length > 0 && (
        <Field label={t('type')}>
          <Select value={view.type} onChange={(_e, d) => change({ type: d.value })}>
            <option value="">{t('anyType')}</option>
            {groupsOf(types).map(([group, options]) => {
              const items = options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ));
              return group ? (
                <optgroup key={group} label={group}>
                  {items}
                </optgroup>
              ) : (
                items
              );
            })}
          </Select>
        </Field>
      )}
      {spec.mine && <Switch label={t('mine')} checked={view.mine} onChange={(_e, d) => change({ mine: d.checked, userId: null })} />}
      {filtered && (
        <Button appearance="subtle" onClick={() => change({ range: null, from: null, to: null, userId: null, device: '', type: '' })}>
          {t('reset')}
        </Button>
      )}
    </div>
  );
}

/** Options in their groups, in the order the groups first appear. */
function groupsOf(types: readonly TypeOption[]): [string, TypeOption[]][] {
  const groups = new Map<string, TypeOption[]>();
  for (const o of types) groups.set(o.group ?? '', [...(groups.get(o.group ?? '') ?? []), o]);
  return [...groups];
}

/** Device text (contains), sent once typing pauses; a view from the URL (back, a link) replaces it. */
function DeviceFilter({ value, onCommit }: { value: string; onCommit: (device: string) => void }) {
  const { t } = useTranslation(NS, { keyPrefix: 'core.filters' });
  const [text, setText] = useState(value);
  // The latest callback, so a re-render of the page (a list arriving) does not restart the pause.
  const commit = useRef(onCommit);
  commit.current = onCommit;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return undefined;
    const timer = setTimeout(() => commit.current(text.trim()), DEVICE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <Field label={t('device')}>
      <SearchBox value={text} maxLength={DEVICE_FILTER_MAX_LENGTH} onChange={(_e, d) => setText(d.value)} />
    </Field>
  );
}

/** The shared member picker on this remote's user endpoints. */
function MemberFilter({ userId, onChange }: { userId: number | null; onChange: (userId: number | null) => void }) {
  const { t } = useTranslation(NS, { keyPrefix: 'core.filters' });
  const [find] = useLazyRecordsMemberOptionsQuery();
  const search = useCallback(async (q: string) => (await find(q, true).unwrap()).items, [find]);
  const chosen = useRecordsMemberQuery(userId ?? skipToken).data;
  return <MemberPicker userId={userId} chosen={chosen} search={search} onChange={onChange} anyLabel={t('anyMember')} />;
}
