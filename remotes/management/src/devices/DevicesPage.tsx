import { Button, Field, MessageBar, MessageBarBody, SearchBox, Select, Title1 } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Platform, UserStatus, type Device } from '@ptt/contracts';
import { COMMON_NS, DataTable, useListResult, useTableQuery, type RowId } from '@ptt/ui';
import { NS, useCan, usePresence } from '../core';
import { ACTION_PERMISSION, type DeviceAction } from './actions';
import { DEVICE_PAGE_SIZE, useDevicesQuery, type AccountAction, type DeviceFilters } from './api';
import { AccountDialog } from './components/AccountDialog';
import { ActivationNotice } from './components/ActivationNotice';
import { BatchActivateDialog } from './components/BatchActivateDialog';
import { CancelAccountDialog } from './components/CancelAccountDialog';
import { DeleteDeviceDialog } from './components/DeleteDeviceDialog';
import { DeviceDetailsDialog } from './components/DeviceDetailsDialog';
import { DeviceFormDialog } from './components/DeviceFormDialog';
import { DeviceLogDialog } from './components/DeviceLogDialog';
import { deviceColumns } from './components/deviceColumns';
import { StatusDialog } from './components/StatusDialog';

/** The open dialog: adding, the batch, or an action on one row. */
type Open = { kind: 'add' } | { kind: 'batch' } | { kind: DeviceAction; device: Device } | null;

/** The account dialogs and the message each leaves on the page when done. */
const ACCOUNT_DONE: Record<AccountAction, string> = { activate: 'account.activated', reactivate: 'account.reactivated', assign: 'account.assigned' };
const isAccountAction = (kind: string): kind is AccountAction => kind in ACCOUNT_DONE;

/** /main/deviceManagement: the organisation's devices, their accounts and activation (spec 3, 4). */
export function DevicesPage() {
  const { t, i18n } = useTranslation(NS, { keyPrefix: 'devices' });
  const { t: common } = useTranslation(COMMON_NS);
  const { query, setQuery, setFilter } = useTableQuery<DeviceFilters>({
    page: 1,
    size: DEVICE_PAGE_SIZE,
    sort: 'id',
    order: 'desc',
    filters: { q: '', platform: '', status: '', active: '' },
  });
  const list = useListResult(useDevicesQuery(query));
  const presence = usePresence();
  // A device's account is online unless presence says offline (or says nothing).
  const online = useMemo(() => (uid: number) => (presence.get(uid) ?? UserStatus.Offline) !== UserStatus.Offline, [presence]);
  const [open, setOpen] = useState<Open>(null);
  /** What was just done, as its key and device name: translated as shown, so a language switch follows. */
  const [done, setDone] = useState<{ key: string; name: string } | null>(null);
  /** A refusal's i18n key (common namespace), translated as shown so a language switch follows. */
  const [refusal, setRefusal] = useState<string | null>(null);
  // Selected rows may come from several pages: the devices themselves are kept with their ids.
  const [selected, setSelected] = useState<ReadonlyMap<RowId, Device>>(new Map());

  const can = {
    'device.read': useCan('device.read'),
    'device.create': useCan('device.create'),
    'device.update': useCan('device.update'),
    'device.delete': useCan('device.delete'),
    'device.activate': useCan('device.activate'),
    'device.assign': useCan('device.assign'),
    'device.batchActivate': useCan('device.batchActivate'),
  } as const;
  const allowed = (a: DeviceAction) => can[ACTION_PERMISSION[a] as keyof typeof can] ?? false;
  const allowedKey = Object.values(can).join();
  const columns = useMemo(
    () => deviceColumns({ t, language: i18n.language, online, allowed, onAction: (kind, device) => setOpen({ kind, device }) }),
    // `allowed` follows the role, summed up in allowedKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.language, online, allowedKey],
  );

  const finish = (key: string | null, name = '') => {
    setOpen(null);
    setDone(key ? { key, name } : null);
  };
  const select = (next: Set<RowId>) => {
    setRefusal(null);
    const rows = new Map((list.rows ?? []).map((d) => [d.id as RowId, d]));
    setSelected((prev) => new Map([...next].flatMap((id) => {
      const d = prev.get(id) ?? rows.get(id);
      return d ? [[id, d] as const] : [];
    })));
  };
  const startBatch = () => {
    setDone(null);
    // The spec's refusal, before a dialog opens: batch activation needs a chosen device.
    if (selected.size === 0) return setRefusal('validation.deviceRequired');
    setRefusal(null);
    setOpen({ kind: 'batch' });
  };

  return (
    <section aria-labelledby="devices-title" style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Title1 as="h1" block id="devices-title">
        {t('title')}
      </Title1>
      <div role="status">
        {done && (
          <MessageBar intent="success">
            <MessageBarBody>{t(done.key, { name: done.name })}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      <div role="alert">
        {refusal && (
          <MessageBar intent="error">
            <MessageBarBody>{common(refusal)}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      <ActivationNotice rows={list.rows} selected={[...selected.values()]} />
      <DataTable
        label={t('listLabel')}
        columns={columns}
        {...list}
        rowId={(d) => d.id}
        rowTestId={(d) => `device-${d.id}`}
        rowData={(d) => ({ 'data-active': String(d.active), 'data-status': d.status })}
        query={query}
        onQueryChange={setQuery}
        emptyText={t('empty')}
        columnsKey="devices"
        pageSizeChoice
        selection={can['device.batchActivate'] ? { selected: new Set(selected.keys()), onChange: select } : undefined}
        batchActions={
          <Button appearance="primary" onClick={startBatch}>
            {t('action.batchActivate')}
          </Button>
        }
        toolbar={
          <>
            <Field label={t('search')}>
              <SearchBox value={query.filters.q} onChange={(_e, d) => setFilter('q', d.value)} />
            </Field>
            <Field label={t('filter.platform')}>
              <Select value={query.filters.platform} onChange={(_e, d) => setFilter('platform', d.value)}>
                <option value="">{t('filter.all')}</option>
                {Object.values(Platform).map((p) => (
                  <option key={p} value={p}>
                    {t(`platform.${p}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('filter.status')}>
              <Select value={query.filters.status} onChange={(_e, d) => setFilter('status', d.value)}>
                <option value="">{t('filter.all')}</option>
                <option value="available">{t('status.available')}</option>
                <option value="disabled">{t('status.disabled')}</option>
              </Select>
            </Field>
            <Field label={t('filter.active')}>
              <Select value={query.filters.active} onChange={(_e, d) => setFilter('active', d.value)}>
                <option value="">{t('filter.all')}</option>
                <option value="true">{t('active.true')}</option>
                <option value="false">{t('active.false')}</option>
              </Select>
            </Field>
            {can['device.create'] && (
              <Button appearance="primary" onClick={() => setOpen({ kind: 'add' })}>
                {t('action.add')}
              </Button>
            )}
            {can['device.batchActivate'] && selected.size === 0 && <Button onClick={startBatch}>{t('action.batchActivate')}</Button>}
          </>
        }
      />
      {open?.kind === 'add' && <DeviceFormDialog device={null} onClose={() => setOpen(null)} onSaved={(d) => finish('form.added', d.name)} />}
      {open?.kind === 'edit' && <DeviceFormDialog device={open.device} onClose={() => setOpen(null)} onSaved={(d) => finish('form.saved', d.name)} />}
      {open && 'device' in open && isAccountAction(open.kind) && (
        <AccountDialog
          device={open.device}
          action={open.kind}
          onClose={() => setOpen(null)}
          onDone={(d) => finish(ACCOUNT_DONE[open.kind as AccountAction], d.name)}
        />
      )}
      {open?.kind === 'cancel' && <CancelAccountDialog device={open.device} onClose={() => setOpen(null)} onDone={(d) => finish('cancel.done', d.name)} />}
      {open?.kind === 'status' && <StatusDialog device={open.device} onClose={() => setOpen(null)} onDone={(d) => finish('statusChange.done', d.name)} />}
      {open?.kind === 'delete' && (
        <DeleteDeviceDialog
          device={open.device}
          onClose={() => setOpen(null)}
          onDeleted={() => {
            select(new Set([...selected.keys()].filter((id) => id !== open.device.id)));
            finish('remove.done', open.device.name);
          }}
        />
      )}
      {open?.kind === 'log' && <DeviceLogDialog device={open.device} onClose={() => setOpen(null)} />}
      {open?.kind === 'details' && <DeviceDetailsDialog device={open.device} onClose={() => setOpen(null)} />}
      {open?.kind === 'batch' && (
        <BatchActivateDialog
          devices={[...selected.values()]}
          onClose={() => {
            select(new Set());
            finish(null);
          }}
        />
      )}
    </section>
  );
}
