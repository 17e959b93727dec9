import { useEffect, useState } from 'react';
import { Button, Caption1, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Spinner, Subtitle2, Text, Toolbar, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronDownRegular, HeadphonesSoundWaveRegular, MoreHorizontalRegular, PowerRegular, SleepRegular, VideoRegular, WeatherSunnyRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { DeviceCommand } from '@ptt/contracts';
import type { Command, Device } from '@ptt/contracts';
import { isApiError } from '@ptt/event-bus';
import { NS, selectDeviceByUser, useAppDispatch, useAppSelector, useCan, useConsole } from '../core';
import { MonitorDialog, monitorOpened } from '../monitor';
import { loadCommandHistory } from './api';
import { CommandHistory } from './CommandHistory';
import { commandKey } from './format';
import { ConfirmCommandDialog, type ConfirmedCommand } from './ConfirmCommandDialog';
import { commandRecorded } from './state/commands';
import { useSendCommand } from './useSendCommand';

/** The device remote commands of the "more" menu (spec section 3's numbers 3-8). */
const MORE_COMMANDS: readonly Command[] = [
  DeviceCommand.Location,
  DeviceCommand.Permission,
  DeviceCommand.AppInfo,
  DeviceCommand.DeviceInfo,
  DeviceCommand.WallOpen,
  DeviceCommand.WallClose,
];

/** The id of the command bar, which a member row's "commands" action moves the focus to. */
export const COMMAND_BAR_ID = 'dispatch-command-bar';

const useStyles = makeStyles({
  bar: { display: 'grid', gap: tokens.spacingVerticalS, alignContent: 'start', ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` } },
  heading: { margin: 0 },
  toolbar: { flexWrap: 'wrap', padding: 0 },
});

function DeviceCommands({ device, name }: { device: Device; name: string }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const { api, bus } = useConsole();
  const dispatch = useAppDispatch();
  const [busy, setBusy] = useState<Command | null>(null);
  const [confirming, setConfirming] = useState<ConfirmedCommand | null>(null);
  const sendRecorded = useSendCommand();

  useEffect(() => {
    const abort = new AbortController();
    loadCommandHistory(api, device.id, abort.signal)
      .then((records) => records.forEach((r) => dispatch(commandRecorded(r))))
      .catch(() => undefined);
    return () => abort.abort();
  }, [api, dispatch, device.id]);

  const send = (command: Command, confirm = false) => {
    setBusy(command);
    sendRecorded(device.id, command, confirm)
      .then((record) => {
        // Listen and camera commands answer with the session they opened: watch it.
        if (record.monitor) dispatch(monitorOpened({ deviceId: device.id, name, ...record.monitor }));
      })
      .catch((e: unknown) => bus.publish('notify', { intent: 'error', key: isApiError(e) ? e.i18nKey : 'result.send.failure' }))
      .finally(() => setBusy(null));
  };
  const label = (command: Command) => t(commandKey(command));

  return (
    <>
      <Caption1>
        {t('console.commands.deviceLine', {
          device: t('console.commands.deviceLabel', { name: device.name, platform: t(`console.platform.${device.platform}`) }),
        })}
      </Caption1>
      <Toolbar aria-label={t('console.commands.titleFor', { name })} className={styles.toolbar} size="small">
        <Button icon={<HeadphonesSoundWaveRegular />} disabled={busy !== null} onClick={() => send(DeviceCommand.Voice)}>
          {t('console.commands.listen')}
        </Button>
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button icon={<VideoRegular />} iconPosition="before" disabled={busy !== null}>
              {t('console.commands.monitor')} <ChevronDownRegular aria-hidden />
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem onClick={() => send(DeviceCommand.FrontCamera)}>{t('console.commands.monitorFront')}</MenuItem>
              <MenuItem onClick={() => send(DeviceCommand.RearCamera)}>{t('console.commands.monitorRear')}</MenuItem>
            </MenuList>
          </MenuPopover>
        </Menu>
        <Button icon={<SleepRegular />} disabled={busy !== null} onClick={() => setConfirming('stun')}>
          {label('stun')}
        </Button>
        <Button icon={<WeatherSunnyRegular />} disabled={busy !== null} onClick={() => send('awaken')}>
          {label('awaken')}
        </Button>
        <Button icon={<PowerRegular />} disabled={busy !== null} onClick={() => setConfirming('kill')}>
          {label('kill')}
        </Button>
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Button icon={<MoreHorizontalRegular />} disabled={busy !== null}>
              {t('console.commands.more')}
            </Button>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {MORE_COMMANDS.map((command) => (
                <MenuItem key={command} onClick={() => send(command)}>
                  {label(command)}
                </MenuItem>
              ))}
            </MenuList>
          </MenuPopover>
        </Menu>
      </Toolbar>
      <ConfirmCommandDialog
        command={confirming}
        device={device.name}
        name={name}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) send(confirming, true);
          setConfirming(null);
        }}
      />
      <CommandHistory deviceId={device.id} />
    </>
  );
}

/** Remote commands for the selected member's device, with each command's lifecycle (staff only). */
export function CommandBar() {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const canCommand = useCan('device.command');
  const sendRecorded = useSendCommand();
  const uid = useAppSelector((s) => s.console.selectedUserId);
  const device = useAppSelector((s) => (uid === null ? undefined : selectDeviceByUser(s).get(uid)));
  const devicesStatus = useAppSelector((s) => s.devices.status);
  const memberName = useAppSelector((s) => s.members.items.find((m) => m.userId === uid)?.nickname);
  if (!canCommand) return null;

  const name = device?.user?.nickname ?? memberName ?? '';
  let body;
  if (uid === null) body = <Text>{t('console.commands.noMember')}</Text>;
  else if (devicesStatus !== 'ready' && devicesStatus !== 'failed') body = <Spinner size="tiny" aria-label={t('common:kit.loading')} />;
  else if (!device) body = <Text role="status">{t('common:client.deviceNotFound')}</Text>;
  else if (!device.active) body = <Text role="status">{t('common:client.memberNotActivated')}</Text>;
  else body = <DeviceCommands device={device} name={name} />;

  return (
    <section id={COMMAND_BAR_ID} tabIndex={-1} className={styles.bar} aria-labelledby="dispatch-commands-title">
      <Subtitle2 as="h2" block id="dispatch-commands-title" className={styles.heading}>
        {uid !== null && name ? t('console.commands.titleFor', { name }) : t('console.commands.title')}
      </Subtitle2>
      {body}
      <MonitorDialog sendCommand={sendRecorded} />
    </section>
  );
}
