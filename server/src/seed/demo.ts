import { Role, type FenceRule, type FenceShape } from '@ptt/contracts';
import { hashPassword } from '../auth/password';
import type { Db, Queryable } from '../db/db';

export const DEMO_PASSWORD = 'demo123';
export const DEMO_ENT_ID = 100001;
export const SECOND_ENT_ID = 100002;
const VALID_YEARS = 10;

interface SeedUser {
  account: string;
  nickname: string;
  role: Role;
}

interface SeedFence {
  name: string;
  rule: FenceRule;
  shape: FenceShape;
  /** Linked channel (by name). */
  channel: string;
}

interface SeedEnterprise {
  id: number;
  name: string;
  /** IANA zone fence schedules are read in (default UTC). */
  timeZone?: string;
  users: SeedUser[];
  /** Channel name -> member accounts (dispatchers are added to every channel). The first one is the
   *  enterprise channel, which holds everyone. */
  channels: Record<string, string[]>;
  /** Fences created with the organisation unless seeding is asked for without them. */
  fences?: SeedFence[];
  /** Patrol nodes and tasks, likewise (ADR 029). */
  patrol?: SeedPatrol;
}

export interface SeedPatrol {
  nodes: { name: string; lng: number; lat: number; qrCode: string }[];
  task: { name: string; offsetsS: number[]; toleranceS: number; lateS: number; starts: string[]; users: string[] };
}

/** The simulator's demo area (`npm start`): members wander within 3,000 m of this point. */
export const DEMO_AREA_CENTER = { lng: 116.397, lat: 39.909 };

/** Metres east and north of the demo area's centre as a WGS-84 point (flat earth, fine for km). */
function offset(east: number, north: number): { lng: number; lat: number } {
  const metresPerDegree = 111_320;
  return {
    lng: Math.round((DEMO_AREA_CENTER.lng + east / (metresPerDegree * Math.cos((DEMO_AREA_CENTER.lat * Math.PI) / 180))) * 1e6) / 1e6,
    lat: Math.round((DEMO_AREA_CENTER.lat + north / metresPerDegree) * 1e6) / 1e6,
  };
}

/**
 * Two fences a random walk in the demo area crosses now and then, so `npm start` shows alerts: a
 * 'stay' yard about 400 m across, 700 m north-east of the centre, for everyone (General), and a
 * 'leave' circle of 2,600 m around the centre for the Security channel (members wander to 3,000 m).
 */
export const DEMO_FENCES: SeedFence[] = [
  {
    name: 'Restricted yard',
    rule: 'stay',
    shape: { type: 'polygon', points: [offset(300, 300), offset(700, 320), offset(720, 700), offset(480, 780), offset(280, 620)] },
    channel: 'General',
  },
  { name: 'Operations area', rule: 'leave', shape: { type: 'circle', center: { ...DEMO_AREA_CENTER }, radius: 2_600 }, channel: 'Security' },
];

/**
 * The demo's guard tour (ADR 029): four checkpoints on a 200 m square south-west of the centre
 * (away from the fences), checked in by GPS or QR, and a 'Yard round' every half hour in the
 * organisation's zone (ordered, 2 minutes between stops), patrolled by member1 and member2. The QR
 * codes are fixed so the simulator and printed sheets agree on every fresh database.
 */
export const DEMO_PATROL: SeedPatrol = {
  nodes: [
    { name: 'Yard gate', ...offset(-100, -100), qrCode: 'PT-DEMOYARD01' },
    { name: 'Warehouse', ...offset(-300, -100), qrCode: 'PT-DEMOYARD02' },
    { name: 'Fuel depot', ...offset(-300, -300), qrCode: 'PT-DEMOYARD03' },
    { name: 'Car park', ...offset(-100, -300), qrCode: 'PT-DEMOYARD04' },
  ],
  task: {
    name: 'Yard round',
    offsetsS: [0, 120, 240, 360],
    toleranceS: 60,
    lateS: 120,
    starts: Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`),
    users: ['member1', 'member2'],
  },
};

const members = [1, 2, 3, 4, 5, 6].map((n) => ({ account: `member${n}`, nickname: `Member ${n}`, role: Role.User }));

export const DEMO_ENTERPRISES: SeedEnterprise[] = [
  {
    id: DEMO_ENT_ID,
    name: 'Demo Organisation',
    timeZone: 'Asia/Shanghai',
    users: [
      { account: 'superadmin', nickname: 'Super Admin', role: Role.SuperAdmin },
      { account: 'admin', nickname: 'Admin', role: Role.Admin },
      { account: 'dispatcher1', nickname: 'Dispatcher 1', role: Role.Dispatcher },
      { account: 'dispatcher2', nickname: 'Dispatcher 2', role: Role.Dispatcher },
      ...members,
    ],
    channels: {
      General: members.map((m) => m.account),
      Security: ['member1', 'member2', 'member3'],
      Logistics: ['member4', 'member5', 'member6'],
    },
    fences: DEMO_FENCES,
    patrol: DEMO_PATROL,
  },
  {
    // Its own `dispatcher1` makes that account ambiguous without an organisation id.
    id: SECOND_ENT_ID,
    name: 'Second Organisation',
    users: [
      { account: 'dispatcher1', nickname: 'Second Dispatcher', role: Role.Dispatcher },
      { account: 'guard1', nickname: 'Guard 1', role: Role.User },
    ],
    channels: { Operations: ['guard1'] },
  },
];

export interface DemoLogin {
  entId: number;
  account: string;
  role: Role;
}

export interface SeedResult {
  seeded: boolean;
  logins: DemoLogin[];
}

/** 15-digit IMEI-like number with a valid Luhn check digit. */
export function imeiFor(n: number): string {
  const body = `35${String(209_900_000_000 + n).padStart(12, '0')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}

interface SeedParts {
  fences: boolean;
  timeZone: boolean;
  patrol: boolean;
}

async function seedEnterprise(tx: Queryable, ent: SeedEnterprise, deviceBase: number, parts: SeedParts): Promise<void> {
  const { fences: withFences, timeZone: withTimeZone } = parts;
  await tx.query(`insert into enterprises (id, name, valid_until) values ($1, $2, now() + make_interval(years => $3))`, [ent.id, ent.name, VALID_YEARS]);
  if (withTimeZone && ent.timeZone) await tx.query('update enterprises set time_zone = $2 where id = $1', [ent.id, ent.timeZone]);
  const ids = new Map<string, number>();
  for (const u of ent.users) {
    const r = await tx.query<{ id: number }>(
      `insert into users (ent_id, account, nickname, password_hash, role) values ($1, $2, $3, $4, $5) returning id`,
      [ent.id, u.account, u.nickname, await hashPassword(DEMO_PASSWORD), u.role],
    );
    ids.set(u.account, r.rows[0]!.id);
  }
  const dispatchers = ent.users.filter((u) => u.role === Role.Dispatcher);
  const firstDispatcher = dispatchers[0] ? ids.get(dispatchers[0].account)! : null;
  await tx.query('update users set dispatcher_id = $1 where ent_id = $2 and role = $3', [firstDispatcher, ent.id, Role.User]);
  const channelIds = new Map<string, number>();
  for (const [index, [name, accounts]] of Object.entries(ent.channels).entries()) {
    const r = await tx.query<{ id: number }>(
      'insert into channels (ent_id, name, is_enterprise) values ($1, $2, $3) returning id',
      [ent.id, name, index === 0],
    );
    const channelId = r.rows[0]!.id;
    channelIds.set(name, channelId);
    const people = [...dispatchers.map((d) => d.account), ...accounts];
    for (const account of people) {
      const u = ent.users.find((x) => x.account === account)!;
      const isDispatcher = u.role === Role.Dispatcher;
      await tx.query('insert into channel_members (channel_id, ent_id, user_id, role, level) values ($1, $2, $3, $4, $5)', [
        channelId,
        ent.id,
        ids.get(account)!,
        isDispatcher ? Role.Dispatcher : Role.User,
        isDispatcher ? 1 : 0,
      ]);
    }
  }
  const adminId = ids.get(ent.users.find((u) => u.role === Role.Admin)?.account ?? '') ?? null;
  if (withFences) await seedFences(tx, ent, adminId, channelIds);
  if (parts.patrol && ent.patrol) await seedPatrol(tx, ent.id, ent.patrol, adminId, ids);
  const handsetUsers = ent.users.filter((u) => u.role === Role.User);
  for (const [i, u] of handsetUsers.entries()) {
    const n = deviceBase + i + 1;
    await tx.query(
      `insert into devices (ent_id, name, imei, mac, platform, status, active, activated_at, user_id, dispatcher_id, tag)
       values ($1, $2, $3, $4, $5, 'available', true, now(), $6, $7, $8)`,
      [
        ent.id,
        `Handset ${String(n).padStart(2, '0')}`,
        imeiFor(n),
        `02:50:54:00:00:${n.toString(16).padStart(2, '0')}`,
        i % 2 === 0 ? 'android' : 'ios',
        ids.get(u.account)!,
        firstDispatcher,
        'demo',
      ],
    );
  }
}

async function seedFences(tx: Queryable, ent: SeedEnterprise, adminId: number | null, channelIds: ReadonlyMap<string, number>): Promise<void> {
  for (const f of ent.fences ?? []) {
    const r = await tx.query<{ id: number }>(
      'insert into fences (ent_id, name, rule, shape, created_by, updated_by) values ($1, $2, $3, $4::jsonb, $5, $5) returning id',
      [ent.id, f.name, f.rule, JSON.stringify(f.shape), adminId],
    );
    await tx.query('insert into fence_channels (fence_id, channel_id, ent_id, created_by) values ($1, $2, $3, $4)', [
      r.rows[0]!.id,
      channelIds.get(f.channel)!,
      ent.id,
      adminId,
    ]);
  }
}

/** The demo patrol of one organisation (the seed; tests call it on their own database). */
export async function seedPatrol(tx: Queryable, entId: number, patrol: SeedPatrol, adminId: number | null, ids: ReadonlyMap<string, number>): Promise<void> {
  const nodeIds: number[] = [];
  for (const n of patrol.nodes) {
    const r = await tx.query<{ id: number }>(
      `insert into patrol_nodes (ent_id, name, lng, lat, methods, radius_m, qr_code, created_by, updated_by)
       values ($1, $2, $3, $4, '["gps","qr"]'::jsonb, 30, $5, $6, $6) returning id`,
      [entId, n.name, n.lng, n.lat, n.qrCode, adminId],
    );
    nodeIds.push(r.rows[0]!.id);
  }
  const { task } = patrol;
  const schedule = { days: [0, 1, 2, 3, 4, 5, 6], starts: task.starts };
  const r = await tx.query<{ id: number }>(
    `insert into patrol_tasks (ent_id, name, route_order, late_s, schedule, created_by, updated_by)
     values ($1, $2, 'ordered', $3, $4::jsonb, $5, $5) returning id`,
    [entId, task.name, task.lateS, JSON.stringify(schedule), adminId],
  );
  const taskId = r.rows[0]!.id;
  for (const [seq, nodeId] of nodeIds.entries()) {
    await tx.query('insert into patrol_task_nodes (task_id, seq, node_id, offset_s, tolerance_s) values ($1, $2, $3, $4, $5)', [
      taskId,
      seq,
      nodeId,
      task.offsetsS[seq] ?? 0,
      task.toleranceS,
    ]);
  }
  for (const account of task.users) {
    await tx.query('insert into patrol_task_users (task_id, user_id, ent_id) values ($1, $2, $3)', [taskId, ids.get(account)!, entId]);
  }
}

export interface SeedOptions {
  /**
   * The demo fences (default true, as `npm start` seeds). Server tests seed without them, so a
   * position they send near Beijing raises only the alerts of the fences they draw themselves.
   */
  fences?: boolean;
  /**
   * The organisations' time zones (default true). A test of an older migration seeds the schema
   * as it was before migration 019 added the column, so it seeds without them.
   */
  timeZones?: boolean;
  /** The demo patrol nodes and 'Yard round' (default true, as `npm start` seeds); tests opt in. */
  patrol?: boolean;
}

/** Seeds the demo organisations once; later calls change nothing and report seeded: false. */
export async function seedDemo(db: Db, opts: SeedOptions = {}): Promise<SeedResult> {
  const logins = DEMO_ENTERPRISES.flatMap((e) => e.users.map((u) => ({ entId: e.id, account: u.account, role: u.role })));
  const seeded = await db.transaction(async (tx) => {
    const existing = await tx.query('select 1 from enterprises where id = $1', [DEMO_ENT_ID]);
    if (existing.rows.length > 0) return false;
    let deviceBase = 0;
    for (const ent of DEMO_ENTERPRISES) {
      await seedEnterprise(tx, ent, deviceBase, { fences: opts.fences ?? true, timeZone: opts.timeZones ?? true, patrol: opts.patrol ?? true });
      deviceBase += 100;
    }
    // Explicit ids do not move the identity sequence; the next new enterprise must not collide.
    await tx.query(`select setval(pg_get_serial_sequence('enterprises', 'id'), (select max(id) from enterprises))`);
    return true;
  });
  return { seeded, logins };
}
