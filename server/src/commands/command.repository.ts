import { COMMAND_STATES, canMoveCommand, type Command, type CommandListQuery, type CommandState, type DeviceCommandRecord, type Page } from '@ptt/contracts';
import type { Queryable } from '../db/db';
import { Where, fetchPage } from '../db/paging';
import { iso } from '../db/sql';

/** Numbered commands are stored as their digits, named ones as their name. */
export function commandText(command: Command): string {
  return String(command);
}

export function commandFromText(text: string): Command {
  return (/^\d+$/.test(text) ? Number(text) : text) as Command;
}

/** States a command may still leave; fixed SQL text built from the contracts' list, never input. */
function statesBefore(to: CommandState): string {
  return COMMAND_STATES.filter((s) => canMoveCommand(s, to))
    .map((s) => `'${s}'`)
    .join(', ');
}
const OPEN_STATES = statesBefore('expired');

interface CommandRow {
  id: number;
  entId: number;
  deviceId: number;
  command: string;
  state: CommandState;
  uid: number | null;
  account: string | null;
  nickname: string | null;
  issuedBy: number | null;
  issuerAccount: string | null;
  detail: unknown;
  createdAt: string;
  updatedAt: string;
  expiresAt: string;
}

/** What a state change returns: enough for the CommandStatus frame. */
export interface CommandChange {
  id: number;
  entId: number;
  deviceId: number;
  command: Command;
  state: CommandState;
  at: string;
  detail: unknown;
}

const RECORD_COLUMNS = `c.id, c.ent_id as "entId", c.device_id as "deviceId", c.command, c.state, c.user_id as uid, u.account, u.nickname,
  c.issued_by as "issuedBy", i.account as "issuerAccount", c.detail,
  ${iso('c.created_at')} as "createdAt", ${iso('c.updated_at')} as "updatedAt", ${iso('c.expires_at')} as "expiresAt"`;
const RECORD_FROM = 'device_commands c left join users u on u.id = c.user_id left join users i on i.id = c.issued_by';
const CHANGE_RETURNING = `returning id, ent_id as "entId", device_id as "deviceId", command, state, ${iso('updated_at')} as at, detail`;

function toRecord(r: CommandRow): DeviceCommandRecord {
  return {
    id: r.id,
    deviceId: r.deviceId,
    command: commandFromText(r.command),
    state: r.state,
    user: r.uid === null ? null : { uid: r.uid, account: r.account ?? '', nickname: r.nickname ?? '' },
    issuedBy: r.issuedBy === null ? null : { id: r.issuedBy, account: r.issuerAccount ?? '' },
    detail: r.detail ?? null,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    expiresAt: r.expiresAt,
  };
}

type ChangeRow = Omit<CommandChange, 'command'> & { command: string };
const toChange = (r: ChangeRow): CommandChange => ({ ...r, command: commandFromText(r.command) });

/** SQL of device_commands; every statement is scoped by the enterprise id (or the replying user). */
export class CommandRepository {
  constructor(private readonly db: Queryable) {}

  async insert(
    q: Queryable,
    c: { entId: number; deviceId: number; userId: number; command: Command; issuedBy: number; expiryMs: number },
  ): Promise<{ id: number; expiresAt: string }> {
    const r = await q.query<{ id: number; expiresAt: string }>(
      `insert into device_commands (ent_id, device_id, user_id, command, issued_by, expires_at)
       values ($1, $2, $3, $4, $5, now() + make_interval(secs => $6::float8 / 1000))
       returning id, ${iso('expires_at')} as "expiresAt"`,
      [c.entId, c.deviceId, c.userId, commandText(c.command), c.issuedBy, c.expiryMs],
    );
    return r.rows[0]!;
  }

  async find(entId: number, id: number): Promise<DeviceCommandRecord | null> {
    const r = await this.db.query<CommandRow>(`select ${RECORD_COLUMNS} from ${RECORD_FROM} where c.ent_id = $1 and c.id = $2`, [entId, id]);
    return r.rows[0] ? toRecord(r.rows[0]) : null;
  }

  async list(entId: number, deviceId: number, query: CommandListQuery): Promise<Page<DeviceCommandRecord>> {
    const where = new Where().add('c.ent_id = ?', entId).add('c.device_id = ?', deviceId);
    if (query.state) where.add('c.state = ?', query.state);
    const page = await fetchPage<CommandRow>(this.db, {
      columns: RECORD_COLUMNS,
      from: RECORD_FROM,
      where,
      sortColumns: { createdAt: 'c.created_at' },
      tieBreak: 'c.id',
      page: query,
    });
    return { ...page, items: page.items.map(toRecord) };
  }

  /**
   * A device's answer: moves the command forward if it went to this user, has not expired and
   * its state allows the move. Null when nothing changed (unknown, someone else's, late, backwards).
   */
  async reply(
    entId: number,
    userId: number,
    id: number,
    state: 'delivered' | 'executed' | 'failed',
    detail: unknown,
  ): Promise<CommandChange | null> {
    const r = await this.db.query<ChangeRow>(
      `update device_commands set state = $4, updated_at = now(), detail = coalesce($5::jsonb, detail)
        where id = $1 and ent_id = $2 and user_id = $3 and state in (${statesBefore(state)}) and expires_at > now()
        ${CHANGE_RETURNING}`,
      [id, entId, userId, state, detail === undefined ? null : JSON.stringify(detail)],
    );
    return r.rows[0] ? toChange(r.rows[0]) : null;
  }

  /** Expires one command that is still open (its node's timer fired). */
  async expireOne(id: number): Promise<CommandChange | null> {
    const r = await this.db.query<ChangeRow>(
      `update device_commands set state = 'expired', updated_at = now() where id = $1 and state in (${OPEN_STATES}) ${CHANGE_RETURNING}`,
      [id],
    );
    return r.rows[0] ? toChange(r.rows[0]) : null;
  }

  /** Expires every open command of the enterprise past its time (timers lost in a restart). */
  async expireDue(entId: number): Promise<CommandChange[]> {
    const r = await this.db.query<ChangeRow>(
      `update device_commands set state = 'expired', updated_at = now()
        where ent_id = $1 and state in (${OPEN_STATES}) and expires_at <= now() ${CHANGE_RETURNING}`,
      [entId],
    );
    return r.rows.map(toChange);
  }
}
