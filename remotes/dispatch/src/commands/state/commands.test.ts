import type { CommandStatus, DeviceCommandRecord } from '@ptt/contracts';
import { createDispatchStore } from '../../store';
import { COMMAND_HISTORY_MAX, commandRecorded, commandStatusReceived } from './commands';

function record(id: number, state: DeviceCommandRecord['state'] = 'sent', deviceId = 9): DeviceCommandRecord {
  return {
    id, deviceId, command: 'stun', state, user: null, issuedBy: null, detail: null,
    createdAt: `2026-01-01T00:00:0${id % 10}.000Z`, updatedAt: `2026-01-01T00:00:0${id % 10}.500Z`, expiresAt: '2026-01-01T00:01:00.000Z',
  };
}

function status(commandId: number, state: CommandStatus['state'], at: string, detail?: unknown): CommandStatus {
  return { commandId, deviceId: 9, command: 'stun', state, at, ...(detail === undefined ? {} : { detail }) };
}

describe('command lifecycles', () => {
  it('goes sent, delivered, executed with the time of each step and the detail', () => {
    const store = createDispatchStore();
    store.dispatch(commandRecorded(record(1)));
    store.dispatch(commandStatusReceived(status(1, 'delivered', '2026-01-01T00:00:02.000Z')));
    store.dispatch(commandStatusReceived(status(1, 'executed', '2026-01-01T00:00:03.000Z', { model: 'X' })));
    const entry = store.getState().commands.items[1]!;
    expect(entry.state).toBe('executed');
    expect(entry.steps.map((s) => [s.state, s.at])).toEqual([
      ['sent', '2026-01-01T00:00:01.000Z'],
      ['delivered', '2026-01-01T00:00:02.000Z'],
      ['executed', '2026-01-01T00:00:03.000Z'],
    ]);
    expect(entry.detail).toEqual({ model: 'X' });
  });

  it('never moves back, whatever order the frame and the POST answer arrive in', () => {
    const store = createDispatchStore();
    store.dispatch(commandStatusReceived(status(2, 'delivered', '2026-01-01T00:00:02.100Z')));
    store.dispatch(commandStatusReceived(status(2, 'sent', '2026-01-01T00:00:02.000Z')));
    store.dispatch(commandRecorded(record(2, 'sent')));
    store.dispatch(commandStatusReceived(status(2, 'failed', '2026-01-01T00:00:03.000Z', 'device is stunned')));
    store.dispatch(commandStatusReceived(status(2, 'expired', '2026-01-01T00:01:00.000Z')));
    const entry = store.getState().commands.items[2]!;
    expect(entry.state).toBe('failed');
    expect(entry.steps.map((s) => s.state)).toEqual(['sent', 'delivered', 'failed']);
    expect(entry.steps[0]?.at).toBe('2026-01-01T00:00:02.000Z');
    expect(entry.detail).toBe('device is stunned');
  });

  it('keeps the newest commands of each device', () => {
    const store = createDispatchStore();
    for (let id = 1; id <= COMMAND_HISTORY_MAX + 5; id++) store.dispatch(commandRecorded(record(id)));
    store.dispatch(commandRecorded(record(100, 'sent', 10)));
    const { byDevice, items } = store.getState().commands;
    expect(byDevice[9]).toHaveLength(COMMAND_HISTORY_MAX);
    expect(byDevice[9]?.[0]).toBe(COMMAND_HISTORY_MAX + 5);
    expect(items[1]).toBeUndefined();
    expect(byDevice[10]).toEqual([100]);
  });
});
