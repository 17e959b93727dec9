import { MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { batchActivateSchema, serverCodeI18nKey, type Device } from '@ptt/contracts';
import { COMMON_NS, FormDialog, ProgressDialog, serverApi, useBatch, type FieldIssue, type FormSchema, type FormValues } from '@ptt/ui';
import { NS } from '../../core';
import { everActivated } from '../actions';
import { useBatchActivateDevicesMutation } from '../api';
import { AccountPicker, type AccountChoice } from './AccountPicker';

interface Props {
  /** The selected devices; those activated before are left out (batch activation is first only). */
  devices: readonly Device[];
  onClose: () => void;
}

interface Item {
  device: Device;
  uid: number;
}

type Parsed = { items: { deviceId: number; uid: number }[] };

const fieldOf = (d: Device) => `d${d.id}`;

/**
 * The form's check: 'UID required' on each device without an account chosen, then the contracts
 * schema the server checks with ('Please choose at least one device' when there is none).
 */
function batchSchema(candidates: readonly Device[]): FormSchema<Parsed> {
  return {
    safeParse(values) {
      const v = values as FormValues;
      const issues: FieldIssue[] = candidates.filter((d) => !v[fieldOf(d)]).map((d) => ({ path: [fieldOf(d)], message: 'validation.uidRequired' }));
      const body = { items: candidates.flatMap((d) => (v[fieldOf(d)] ? [{ deviceId: d.id, uid: (v[fieldOf(d)] as AccountChoice).uid }] : [])) };
      const parsed = batchActivateSchema.safeParse(body);
      if (issues.length === 0 && parsed.success) return { success: true, data: parsed.data };
      if (!parsed.success && issues.length === 0) issues.push(...parsed.error.issues.map((i) => ({ path: ['items'], message: i.message })));
      return { success: false, error: { issues } };
    },
  };
}

/**
 * First activation of the selected devices, one account each, then the work in a ProgressDialog.
 *
 * POST /api/devices/batch-activate answers once, after the server has activated the whole list
 * one device at a time: a single request would hold the bar at 0 % and jump to 100 %. So each
 * device goes as its own one-item batch through useBatch: the bar moves per device, Stop works
 * between devices, and each answer says which device succeeded and which was refused and why.
 * It stays the batch endpoint (not POST .../activate) so the batchActivate permission and its
 * audit apply. The list is invalidated once at the end, not once per device.
 */
export function BatchActivateDialog({ devices, onClose }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'devices' });
  const { t: common } = useTranslation(COMMON_NS);
  const dispatch = useDispatch();
  const [activate] = useBatchActivateDevicesMutation();
  const run = useBatch();
  const [succeeded, setSucceeded] = useState<Device[]>([]);
  const candidates = devices.filter((d) => !everActivated(d));
  const skipped = devices.length - candidates.length;

  const start = (body: Parsed) => {
    const byId = new Map(candidates.map((d) => [d.id, d]));
    const items: Item[] = body.items.map((i) => ({ device: byId.get(i.deviceId)!, uid: i.uid }));
    void run.start(
      items,
      async ({ device, uid }) => {
        const answer = await activate({ items: [{ deviceId: device.id, uid }] }).unwrap();
        const result = answer.results[0];
        // A refused device: its rule key (or its code's) is what useBatch lists for it.
        if (!result?.ok) throw Object.assign(new Error(result?.msg ?? 'refused'), { i18nKey: result?.reason ?? serverCodeI18nKey(result?.code ?? 500) });
        setSucceeded((prev) => [...prev, device]);
      },
      ({ device }, key) => t('batch.refused', { name: device.name, reason: common(key) }),
    );
  };

  if (run.state !== 'idle') {
    const failed = run.progress.failed ?? 0;
    return (
      <ProgressDialog
        title={t('batch.progressTitle')}
        progress={run.progress}
        state={run.state}
        onStop={run.stop}
        onClose={() => {
          dispatch(serverApi.util.invalidateTags(['Device', 'User']));
          onClose();
        }}
      >
        {run.state !== 'running' && <Text role="status">{t('batch.done', { activated: succeeded.length, failed })}</Text>}
        {succeeded.length > 0 && (
          <MessageBar intent="success">
            <MessageBarBody>
              <Text weight="semibold">{t('batch.succeeded')}</Text>
              <ul aria-label={t('batch.succeeded')}>
                {succeeded.map((d) => (
                  <li key={d.id}>{d.name}</li>
                ))}
              </ul>
            </MessageBarBody>
          </MessageBar>
        )}
      </ProgressDialog>
    );
  }

  return (
    <FormDialog
      title={t('batch.title')}
      intro={
        <>
          <Text>{t('batch.intro')}</Text>
          {skipped > 0 && (
            <MessageBar intent="info">
              <MessageBarBody>{t('batch.skipped', { count: skipped })}</MessageBarBody>
            </MessageBar>
          )}
        </>
      }
      schema={batchSchema(candidates)}
      ns={NS}
      initial={Object.fromEntries(candidates.map((d) => [fieldOf(d), null]))}
      toInput={(v) => v}
      fields={candidates.map((d) => ({
        name: fieldOf(d),
        label: t('batch.device', { name: d.name }),
        required: true,
        render: ({ value, onChange, invalid }) => <AccountPicker value={value as AccountChoice | null} onChange={onChange} invalid={invalid} />,
      }))}
      submitLabel={t('batch.start', { count: candidates.length })}
      onSubmit={(body) => Promise.resolve(start(body))}
      onClose={onClose}
    />
  );
}
