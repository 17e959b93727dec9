import { useEffect } from 'react';
import { COMMAND_STATUS_KIND, DEVICE_CHANGE_KIND, ServerCode } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { isApiError } from '@ptt/event-bus';
import { useAppDispatch } from '../../store';
import { loadBoundDevices, loadDevice } from '../api';
import { commandStatusReceived } from '../state/commands';
import { deviceRemoved, deviceUpdated, devicesFailed, devicesLoaded, devicesLoading } from '../state/devices';

/**
 * Staff only (device.read, dispatch.listen): the bound devices, kept current by DeviceChange
 * frames, and the CommandStatus frames of every command. Both arrive on `ws/dispatch` with
 * positions, told apart by `t`.
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
    const sub = bus.on('ws/dispatch').subscribe((event) => {
      if (event.t === COMMAND_STATUS_KIND) dispatch(commandStatusReceived(event.data));
      else if (event.t === DEVICE_CHANGE_KIND) {
        if (event.data.change === 'deleted') dispatch(deviceRemoved(event.data.deviceId));
        else refresh(event.data.deviceId);
      }
    });
    return () => {
      sub.unsubscribe();
      abort.abort();
    };
  }, [api, bus, dispatch, enabled]);
}
