import { useEffect } from 'react';
import { ServerCode, commandStatusSchema, deviceChangeSchema } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { isApiError } from '@ptt/event-bus';
import { useAppDispatch } from '../../store';
import { loadBoundDevices, loadDevice } from '../api';
import { commandStatusReceived } from '../state/commands';
import { deviceRemoved, deviceUpdated, devicesFailed, devicesLoaded, devicesLoading } from '../state/devices';

function hasKey(data: unknown, key: string): boolean {
  return typeof data === 'object' && data !== null && key in data;
}

/**
 * Staff only (device.read, dispatch.listen): the bound devices, kept current by DeviceChange
 * frames, and the CommandStatus frames of every command. Both arrive on `ws/dispatch` with
 * positions, so a cheap key check comes before any parsing.
 */
export function useDevicesSync(api: ApiClient, bus: EventBus, enabled: boolean): void {
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    dispatch(devicesLoading());
    loadBoundDevices(api, abort.signal)
      .then((devices) => dispatch(devicesLoaded(devices)))
      .catch(() => {
        if (!abort.signal.aborted) dispatch(devicesFailed());
      });

    const refresh = (id: number) => {
      loadDevice(api, id, abort.signal)
        .then((device) => dispatch(deviceUpdated(device)))
        .catch((e: unknown) => {
          if (isApiError(e) && e.code === ServerCode.NotFound) dispatch(deviceRemoved(id));
        });
    };
    const sub = bus.on('ws/dispatch').subscribe(({ data }) => {
      if (hasKey(data, 'commandId')) {
        const s = commandStatusSchema.safeParse(data);
        if (s.success) dispatch(commandStatusReceived(s.data));
      } else if (hasKey(data, 'change')) {
        const c = deviceChangeSchema.safeParse(data);
        if (!c.success) return;
        if (c.data.change === 'deleted') dispatch(deviceRemoved(c.data.deviceId));
        else refresh(c.data.deviceId);
      }
    });
    return () => {
      sub.unsubscribe();
      abort.abort();
    };
  }, [api, bus, dispatch, enabled]);
}
