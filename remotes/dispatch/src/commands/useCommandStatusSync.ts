import { useEffect } from 'react';
import { COMMAND_STATUS_KIND } from '@ptt/contracts';
import type { EventBus } from '@ptt/event-bus';
import { useAppDispatch } from '../core';
import { commandStatusReceived } from './state/commands';

/**
 * Staff only (device.read, dispatch.listen): the CommandStatus frames of every command, which
 * move each command through its lifecycle. They arrive on `ws/dispatch` with positions and device
 * changes, told apart by `t`.
 */
export function useCommandStatusSync(bus: EventBus, enabled: boolean): void {
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!enabled) return;
    const sub = bus.on('ws/dispatch').subscribe((event) => {
      if (event.t === COMMAND_STATUS_KIND) dispatch(commandStatusReceived(event.data));
    });
    return () => sub.unsubscribe();
  }, [bus, dispatch, enabled]);
}
