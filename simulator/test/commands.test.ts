import { DeviceCommand, type Command, type DeviceCommandFrame } from '@ptt/contracts';
import { CommandAnswerer, NO_CAMERA, NO_MICROPHONE } from '../src/commands';

const NOW = Date.parse('2025-01-01T00:00:00.000Z');
const facts = { account: 'sim0001', position: { lng: 116.4, lat: 39.9 } };
let nextId = 1;
const frame = (command: Command, expiresAt = '2025-01-01T00:01:00.000Z'): DeviceCommandFrame => ({ commandId: nextId++, command, deviceId: 5, expiresAt });
const states = (a: CommandAnswerer, command: Command) => a.plan(frame(command), facts).map((p) => [p.afterMs, p.reply.state, p.reply.detail]);

describe('command answering', () => {
  let a: CommandAnswerer;
  beforeEach(() => {
    a = new CommandAnswerer(500, () => NOW);
  });

  it('answers delivered at once, then executed after the delay, with what the command asked for', () => {
    expect(states(a, DeviceCommand.Location)).toEqual([
      [0, 'delivered', undefined],
      [500, 'executed', { lng: 116.4, lat: 39.9 }],
    ]);
    expect(states(a, DeviceCommand.DeviceInfo)[1]).toEqual([500, 'executed', { model: 'Simulated handset', account: 'sim0001', platform: 'android' }]);
    expect(states(a, DeviceCommand.AppInfo)[1]![1]).toBe('executed');
    for (const c of [DeviceCommand.Voice, DeviceCommand.Permission, DeviceCommand.WallOpen, DeviceCommand.WallClose]) {
      expect(states(a, c)).toEqual([
        [0, 'delivered', undefined],
        [500, 'executed', undefined],
      ]);
    }
  });

  it('fails the camera commands it cannot do', () => {
    for (const c of [DeviceCommand.FrontCamera, DeviceCommand.RearCamera]) {
      expect(states(a, c)).toEqual([
        [0, 'delivered', undefined],
        [500, 'failed', NO_CAMERA],
      ]);
    }
  });

  it('fails listen and monitor at once when a session was opened and it has no media to send (issue 15)', () => {
    const session = (command: Command, kind: 'audio' | 'video'): DeviceCommandFrame => ({ ...frame(command), monitor: { roomId: '100001-4-5', kind, ...(kind === 'video' ? { facing: 'front' as const } : {}) } });
    const plan = (f: DeviceCommandFrame, canPublish: boolean) => a.plan(f, { ...facts, canPublish }).map((p) => [p.afterMs, p.reply.state, p.reply.detail]);
    expect(plan(session(DeviceCommand.Voice, 'audio'), false)).toEqual([
      [0, 'delivered', undefined],
      [500, 'failed', NO_MICROPHONE],
    ]);
    expect(plan(session(DeviceCommand.RearCamera, 'video'), false)[1]).toEqual([500, 'failed', NO_CAMERA]);
    // Without a session (no media server), listen is executed as before.
    expect(plan(frame(DeviceCommand.Voice), false)[1]).toEqual([500, 'executed', undefined]);
  });

  it('answers a command once, and not at all after it expired', () => {
    const f = frame(DeviceCommand.Voice);
    expect(a.plan(f, facts)).toHaveLength(2);
    expect(a.plan(f, facts)).toEqual([]);
    expect(a.plan(frame(DeviceCommand.Voice, '2024-12-31T23:59:59.000Z'), facts)).toEqual([]);
  });

  it('goes silent on stun, refuses other commands until awaken, and wakes up', () => {
    expect(states(a, 'stun')[1]![1]).toBe('executed');
    a.apply('stun');
    expect(a.active).toBe(false);
    expect(states(a, DeviceCommand.Location)[1]).toEqual([500, 'failed', 'device is stunned']);
    expect(states(a, 'awaken')[1]![1]).toBe('executed');
    a.apply('awaken');
    expect(a.active).toBe(true);
    expect(states(a, DeviceCommand.Location)[1]![1]).toBe('executed');
  });

  it('is killed for good: no answers afterwards', () => {
    a.apply('stun');
    expect(states(a, 'kill')[1]![1]).toBe('executed');
    a.apply('kill');
    expect(a.killed).toBe(true);
    expect(a.active).toBe(false);
    expect(a.plan(frame('awaken'), facts)).toEqual([]);
  });
});
