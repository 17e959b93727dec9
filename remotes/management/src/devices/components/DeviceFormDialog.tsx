import { useTranslation } from 'react-i18next';
import { Platform, createDeviceSchema, updateDeviceSchema, type Device } from '@ptt/contracts';
import { FormDialog, type FormValues } from '@ptt/ui';
import { NS } from '../../core';
import { useCreateDeviceMutation, useDeviceDispatcherOptionsQuery, useUpdateDeviceMutation } from '../api';

interface Props {
  /** The device to edit, or null to add one. */
  device: Device | null;
  onClose: () => void;
  onSaved: (device: Device) => void;
}

/** Blank optional fields: left out when adding, cleared (null) when editing. */
function toInput(values: FormValues, blank: null | undefined) {
  const opt = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : blank);
  const dispatcher = opt(values.dispatcherId);
  return {
    name: values.name,
    platform: values.platform,
    imei: opt(values.imei),
    mac: opt(values.mac),
    tag: opt(values.tag),
    dispatcherId: typeof dispatcher === 'string' ? Number(dispatcher) : dispatcher,
  };
}

/**
 * Adds a device to the inventory (inactive, available, no account) or edits one, checked with the
 * server's own schema: 'The device name is too long' shows before anything is sent, 'Device
 * already exists' (2000, a taken IMEI or MAC) after.
 */
export function DeviceFormDialog({ device, onClose, onSaved }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'devices' });
  const [create] = useCreateDeviceMutation();
  const [update] = useUpdateDeviceMutation();
  const { data: dispatchers } = useDeviceDispatcherOptionsQuery();
  const dispatcherOptions = [
    { value: '', label: t('form.noDispatcher') },
    ...(dispatchers?.items ?? []).map((u) => ({ value: String(u.id), label: `${u.nickname} (${u.account})` })),
  ];
  // The device's own dispatcher stays choosable even when it is not among the options loaded.
  if (device?.dispatcher && !dispatcherOptions.some((o) => o.value === String(device.dispatcher?.id))) {
    dispatcherOptions.push({ value: String(device.dispatcher.id), label: device.dispatcher.nickname });
  }
  const fields = [
    { name: 'name', label: t('form.name'), required: true },
    { name: 'platform', label: t('form.platform'), kind: 'select' as const, options: Object.values(Platform).map((p) => ({ value: p, label: t(`platform.${p}`) })) },
    { name: 'imei', label: t('form.imei'), hint: t('form.imeiHint') },
    { name: 'mac', label: t('form.mac'), hint: t('form.macHint') },
    { name: 'tag', label: t('form.tag') },
    { name: 'dispatcherId', label: t('form.dispatcher'), kind: 'select' as const, options: dispatcherOptions },
  ];
  const initial = {
    name: device?.name ?? '',
    platform: device?.platform ?? 'android',
    imei: device?.imei ?? '',
    mac: device?.mac ?? '',
    tag: device?.tag ?? '',
    dispatcherId: device?.dispatcher ? String(device.dispatcher.id) : '',
  };
  if (!device) {
    return (
      <FormDialog
        title={t('form.addTitle')}
        schema={createDeviceSchema}
        ns={NS}
        fields={fields}
        initial={initial}
        toInput={(v) => toInput(v, undefined)}
        submitLabel={t('form.add')}
        onSubmit={async (body) => onSaved(await create(body).unwrap())}
        onClose={onClose}
      />
    );
  }
  return (
    <FormDialog
      title={t('form.editTitle', { name: device.name })}
      schema={updateDeviceSchema}
      ns={NS}
      fields={fields}
      initial={initial}
      toInput={(v) => toInput(v, null)}
      onSubmit={async (body) => onSaved(await update({ id: device.id, body }).unwrap())}
      onClose={onClose}
    />
  );
}
