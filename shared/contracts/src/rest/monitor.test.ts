import { MONITOR_END_CAUSE_KEYS, MONITOR_JOIN_WAIT_MS, monitorEndCauseOf } from './monitor';

describe('why a monitor session ended without its device', () => {
  it('reads the cause from the text janus.js hands over with 426', () => {
    expect(monitorEndCauseOf('426 deviceNotFound: the device did not receive the command')).toBe('deviceNotFound');
    expect(monitorEndCauseOf('enterRoomFailed: the device did not join')).toBe('enterRoomFailed');
    expect(monitorEndCauseOf('426 No monitor session is open in 100001-4-3')).toBeNull();
    expect(monitorEndCauseOf(undefined)).toBeNull();
    expect(monitorEndCauseOf('426 xdeviceNotFound: no')).toBeNull();
  });

  it("names the spec's client messages, and leaves the console time to say so within 10 s", () => {
    expect(MONITOR_END_CAUSE_KEYS).toEqual({ deviceNotFound: 'client.deviceNotFound', enterRoomFailed: 'client.enterRoomFailed' });
    expect(MONITOR_JOIN_WAIT_MS).toBeLessThanOrEqual(9_000);
  });
});
