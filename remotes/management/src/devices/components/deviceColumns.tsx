import { Badge } from '@fluentui/react-components';
import type { TFunction } from 'i18next';
import type { Device } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
import { ROW_ACTIONS_WIDTH, RowActions, type RowAction } from '../../core';
import { accountActions, type DeviceAction } from '../actions';
import { formatTime } from '../format';

export interface ColumnOptions {
  /** `t` of the management namespace with the devices.* prefix. */
  t: TFunction;
  language: string;
  online: (uid: number) => boolean;
  /** Whether the signed-in role may take the action (others are not offered). */
  allowed: (action: DeviceAction) => boolean;
  onAction: (action: DeviceAction, device: Device) => void;
}

/** The devices table's columns (spec section 3's device fields plus live presence). */
export function deviceColumns({ t, language, online, allowed, onAction }: ColumnOptions): DataColumn<Device>[] {
  const none = t('none');
  return [
    { id: 'id', header: t('column.id'), cell: (d) => d.id, sortKey: 'id' },
    { id: 'name', header: t('column.name'), cell: (d) => d.name, sortKey: 'name', required: true },
    // Wide enough for 15 digits: an IMEI has no place to wrap and would run into the next column.
    { id: 'imei', header: t('column.imei'), cell: (d) => d.imei ?? none, sortKey: 'imei', width: 150 },
    { id: 'mac', header: t('column.mac'), cell: (d) => d.mac ?? none, hiddenByDefault: true },
    { id: 'platform', header: t('column.platform'), cell: (d) => t(`platform.${d.platform}`), sortKey: 'platform' },
    {
      id: 'status',
      header: t('column.status'),
      sortKey: 'status',
      cell: (d) => (
        <Badge appearance="tint" color={d.status === 'available' ? 'success' : 'danger'}>
          {t(`status.${d.status}`)}
        </Badge>
      ),
    },
    {
      id: 'active',
      header: t('column.active'),
      sortKey: 'active',
      cell: (d) => (
        <Badge appearance="tint" color={d.active ? 'brand' : 'warning'}>
          {t(`active.${String(d.active)}`)}
        </Badge>
      ),
    },
    { id: 'activatedAt', header: t('column.activatedAt'), cell: (d) => (d.activatedAt ? formatTime(d.activatedAt, language) : none), sortKey: 'activatedAt' },
    { id: 'user', header: t('column.user'), cell: (d) => (d.user ? `${d.user.account} (${d.user.nickname})` : none), sortKey: 'account' },
    { id: 'dispatcher', header: t('column.dispatcher'), cell: (d) => d.dispatcher?.nickname ?? none, hiddenByDefault: true },
    { id: 'tag', header: t('column.tag'), cell: (d) => d.tag ?? none },
    {
      id: 'online',
      header: t('column.online'),
      cell: (d) => (d.user ? t(`online.${String(online(d.user.uid))}`) : t('online.none')),
    },
    {
      id: 'actions',
      header: t('column.actions'),
      required: true,
      width: ROW_ACTIONS_WIDTH,
      // Details is a button of its own; the log, the state's account actions, edit, status and
      // delete are in the menu.
      cell: (d) => <RowActions name={d.name} primary={['details']} actions={rowActions(d, t, allowed, onAction)} />,
    },
  ];
}

/** What the row offers, in menu order: what the device's state allows and the role may take. */
function rowActions(d: Device, t: TFunction, allowed: (action: DeviceAction) => boolean, onAction: (action: DeviceAction, device: Device) => void): RowAction[] {
  const label = (a: DeviceAction) => (a === 'status' ? t(d.status === 'available' ? 'action.disable' : 'action.enable') : t(`action.${a}`));
  return (['details', 'log', ...accountActions(d), 'edit', 'status', 'delete'] as DeviceAction[])
    .filter(allowed)
    .map((a) => ({ id: a, label: label(a), onSelect: () => onAction(a, d) }));
}
