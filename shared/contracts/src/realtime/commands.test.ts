import { COMMAND_STATES, canMoveCommand, commandReplySchema, isFinalCommandState, sendCommandSchema } from './commands';

describe('device commands', () => {
  it('accepts the numbered commands 0-8 and the named remote actions only', () => {
    for (const command of [0, 1, 2, 3, 4, 5, 6, 7, 8, 'stun', 'awaken', 'kill']) {
      expect(sendCommandSchema.safeParse({ command }).success).toBe(true);
    }
    for (const command of [9, -1, 1.5, '3', 'reboot', null]) {
      expect(sendCommandSchema.safeParse({ command }).success).toBe(false);
    }
    expect(sendCommandSchema.safeParse({ command: 'kill', confirm: 'yes' }).success).toBe(false);
  });

  it('moves forward only: sent -> delivered -> executed | failed, open -> expired', () => {
    const allowed = COMMAND_STATES.flatMap((from) => COMMAND_STATES.filter((to) => canMoveCommand(from, to)).map((to) => `${from}->${to}`));
    expect(allowed.sort()).toEqual(
      ['sent->delivered', 'sent->executed', 'sent->failed', 'sent->expired', 'delivered->executed', 'delivered->failed', 'delivered->expired'].sort(),
    );
    expect(COMMAND_STATES.filter(isFinalCommandState)).toEqual(['executed', 'failed', 'expired']);
  });

  it('lets a device answer delivered, executed or failed, never another state', () => {
    expect(commandReplySchema.safeParse({ commandId: 1, state: 'failed', detail: 'no camera' }).success).toBe(true);
    expect(commandReplySchema.safeParse({ commandId: 1, state: 'executed', detail: { lng: 1 } }).success).toBe(true);
    for (const state of ['sent', 'expired']) expect(commandReplySchema.safeParse({ commandId: 1, state }).success).toBe(false);
    expect(commandReplySchema.safeParse({ commandId: 3_000_000_000, state: 'delivered' }).success).toBe(false);
    expect(commandReplySchema.safeParse({ commandId: 1, state: 'failed', detail: 'x'.repeat(1001) }).success).toBe(false);
    // The detail is stored as jsonb: NUL and lone surrogates anywhere in it are refused (/ws2 frames too).
    for (const detail of ['no\u0000camera', { a: 'x\ud800' }, { nested: [{ 'k\u0000': 1 }] }]) {
      expect(commandReplySchema.safeParse({ commandId: 1, state: 'failed', detail }).success).toBe(false);
    }
  });
});
