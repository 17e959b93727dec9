import { useEffect } from 'react';
import { DEVICE_CHANGE_KIND, ServerCode } from '@ptt/contracts';
import type { ApiClient, EventBus } from '@ptt/event-bus';
import { isApiError } from '@ptt/event-bus';
import { loadBoundDevices, loadDevice } from '../api';
import { useAppDispatch } from '../store';
import { deviceRemoved, deviceUpdated, devicesFailed, devicesLoaded, devicesLoading } from '../state/devices';

/**
 * Staff only (device.read, dispatch.listen): the bound devices, kept current by DeviceChange
 * frames. They arrive on `ws/dispatch` with positions and command statuses, told apart by `t`.
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
      if (event.t === DEVICE_CHANGE_KIND) {
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
