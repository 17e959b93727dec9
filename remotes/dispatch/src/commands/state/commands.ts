import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { canMoveCommand } from '@ptt/contracts';
import type { Command, CommandState, CommandStatus, DeviceCommandRecord } from '@ptt/contracts';

/** How many commands per device the console keeps on screen. */
export const COMMAND_HISTORY_MAX = 20;

export interface CommandStep {
  state: CommandState;
  /** ISO time the command entered the state. */
  at: string;
}

export interface CommandEntry {
  commandId: number;
  deviceId: number;
  command: Command;
  state: CommandState;
  /** Every state seen, in lifecycle order. */
  steps: CommandStep[];
  detail: unknown;
}

export interface CommandsState {
  items: Record<number, CommandEntry>;
  /** Device id -> command ids, newest first. */
  byDevice: Record<number, number[]>;
}

// The store holds this slice under `commands` (src/store.ts); this tells core's typed hooks.
declare module '../../core' {
  interface DispatchState {
    commands: CommandsState;
  }
}

const initialState: CommandsState = { items: {}, byDevice: {} };

const RANK: Record<CommandState, number> = { sent: 0, delivered: 1, executed: 2, failed: 2, expired: 2 };

function entryFor(state: CommandsState, commandId: number, deviceId: number, command: Command, at: string): CommandEntry {
  let entry = state.items[commandId];
  if (!entry) {
    entry = { commandId, deviceId, command, state: 'sent', steps: [{ state: 'sent', at }], detail: undefined };
    state.items[commandId] = entry;
    const ids = [commandId, ...(state.byDevice[deviceId] ?? [])].sort((a, b) => b - a);
    for (const dropped of ids.splice(COMMAND_HISTORY_MAX)) delete state.items[dropped];
    state.byDevice[deviceId] = ids;
  }
  return entry;
}

/** Moves forward only, as the server does: a late or repeated state changes nothing. */
function advance(entry: CommandEntry, to: CommandState, at: string, detail: unknown): void {
  if (to === 'sent') {
    // A later state may have arrived first; the sent step then takes its real time now.
    const sent = entry.steps.find((step) => step.state === 'sent');
    if (sent && at < sent.at) sent.at = at;
    return;
  }
  if (!canMoveCommand(entry.state, to)) return;
  entry.state = to;
  entry.steps.push({ state: to, at });
  entry.steps.sort((a, b) => RANK[a.state] - RANK[b.state]);
  if (detail !== undefined && detail !== null) entry.detail = detail;
}

export const commandsSlice = createSlice({
  name: 'commands',
  initialState,
  reducers: {
    /** The POST answer or a history row: what the server knew then. */
    commandRecorded(state, action: PayloadAction<DeviceCommandRecord>) {
      const r = action.payload;
      const entry = entryFor(state, r.id, r.deviceId, r.command, r.createdAt);
      advance(entry, r.state, r.updatedAt, r.detail);
    },
    /** A CommandStatus frame on the dispatch topic. */
    commandStatusReceived(state, action: PayloadAction<CommandStatus>) {
      const s = action.payload;
      const entry = entryFor(state, s.commandId, s.deviceId, s.command, s.at);
      advance(entry, s.state, s.at, s.detail);
    },
  },
});

export const { commandRecorded, commandStatusReceived } = commandsSlice.actions;
