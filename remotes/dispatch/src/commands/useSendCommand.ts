import { useCallback } from 'react';
import type { Command, DeviceCommandRecord } from '@ptt/contracts';
import { useAppDispatch, useConsole } from '../core';
import { sendCommand } from './api';
import { commandRecorded } from './state/commands';

/** Sends a command to a device and records it, so its history shows it from the moment it is sent. */
export function useSendCommand(): (deviceId: number, command: Command, confirm?: boolean) => Promise<DeviceCommandRecord> {
  const { api } = useConsole();
  const dispatch = useAppDispatch();
  return useCallback(
    async (deviceId, command, confirm = false) => {
      const record = await sendCommand(api, deviceId, command, confirm);
      dispatch(commandRecorded(record));
      return record;
    },
    [api, dispatch],
  );
}
