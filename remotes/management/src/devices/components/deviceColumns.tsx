import { Badge, Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Toolbar } from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import type { TFunction } from 'i18next';
import type { Device } from '@ptt/contracts';
import type { DataColumn } from '@ptt/ui';
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
    { id: 'imei', header: t('column.imei'), cell: (d) => d.imei ?? none, sortKey: 'imei' },
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
      cell: (d) => <RowActions device={d} t={t} allowed={allowed} onAction={onAction} />,
    },
  ];
}

interface RowActionsProps {
  device: Device;
  t: TFunction;
  allowed: (action: DeviceAction) => boolean;
  onAction: (action: DeviceAction, device: Device) => void;
}

/** The account actions the device's state allows as buttons; edit, status and delete in a menu. */
function RowActions({ device: d, t, allowed, onAction }: RowActionsProps) {
  const buttons = (['details', 'log', ...accountActions(d)] as DeviceAction[]).filter(allowed);
  const more = (['edit', 'status', 'delete'] as DeviceAction[]).filter(allowed);
  const label = (a: DeviceAction) => (a === 'status' ? t(d.status === 'available' ? 'action.disable' : 'action.enable') : t(`action.${a}`));
  return (
    <Toolbar aria-label={t('rowActions', { name: d.name })} size="small">
      {buttons.map((a) => (
        <Button key={a} size="small" appearance={a === 'activate' ? 'primary' : 'subtle'} onClick={() => onAction(a, d)}>
          {label(a)}
        </Button>
      ))}
      {more.length > 0 && (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button size="small" appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={t('moreActions', { name: d.name })} />
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {more.map((a) => (
                <MenuItem key={a} onClick={() => onAction(a, d)}>
                  {label(a)}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
    </Toolbar>
  );
}
