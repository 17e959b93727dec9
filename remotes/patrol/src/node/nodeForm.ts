import {
  PATROL_RADIUS_DEFAULT_M,
  PATROL_REPEAT_DEFAULT_S,
  createPatrolNodeSchema,
  type CreatePatrolNodeRequest,
  type PatrolMethod,
  type PatrolNode,
  type UpdatePatrolNodeRequest,
} from '@ptt/contracts';

// The node dialog's form as plain data, and the rules that turn it into a request: the contracts
// schema the server checks with, plus the one rule it checks itself (an NFC node needs its tag).

export interface NodeForm {
  name: string;
  /** Degrees as typed or placed on the map (WGS-84). */
  lng: string;
  lat: string;
  methods: PatrolMethod[];
  radius: string;
  nfcTag: string;
  repeat: string;
}

export type NodeField = 'name' | 'position' | 'methods' | 'radiusM' | 'nfcTag' | 'repeatS';
/** Field -> i18n key (common namespace). */
export type NodeErrors = Partial<Record<NodeField, string>>;

export const EMPTY_NODE: NodeForm = { name: '', lng: '', lat: '', methods: ['gps', 'qr'], radius: String(PATROL_RADIUS_DEFAULT_M), nfcTag: '', repeat: String(PATROL_REPEAT_DEFAULT_S) };

export function formOf(node: PatrolNode): NodeForm {
  return {
    name: node.name,
    lng: String(node.lng),
    lat: String(node.lat),
    methods: [...node.methods],
    radius: String(node.radiusM),
    nfcTag: node.nfcTag ?? '',
    repeat: String(node.repeatS),
  };
}

/** A number as typed; blank is NaN so the schema refuses it in its words. */
const numberOf = (text: string): number => (text.trim() === '' ? Number.NaN : Number(text));

/** The place as typed, or null while either part is not a number. */
export function positionOf(form: Pick<NodeForm, 'lng' | 'lat'>): { lng: number; lat: number } | null {
  const lng = numberOf(form.lng);
  const lat = numberOf(form.lat);
  return Number.isFinite(lng) && Number.isFinite(lat) ? { lng, lat } : null;
}

/** The methods in the contracts' order, so the same set compares equal however it was ticked. */
const ordered = (methods: readonly PatrolMethod[]): PatrolMethod[] => (['gps', 'qr', 'nfc'] as const).filter((m) => methods.includes(m));

function inputOf(form: NodeForm): CreatePatrolNodeRequest {
  const position = positionOf(form);
  return {
    name: form.name,
    // Placed with map.fromLatLng or typed: WGS-84 whatever the tiles.
    lng: position?.lng as number,
    lat: position?.lat as number,
    coord: 0,
    methods: ordered(form.methods),
    radiusM: numberOf(form.radius),
    nfcTag: form.nfcTag.trim() === '' ? null : form.nfcTag.trim(),
    repeatS: numberOf(form.repeat),
  };
}

const FIELD_OF: Record<string, NodeField> = { lng: 'position', lat: 'position', coord: 'position', name: 'name', methods: 'methods', radiusM: 'radiusM', nfcTag: 'nfcTag', repeatS: 'repeatS' };

/** Issues (zod's, or the server's) as the form's errors: the first per field. */
export function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): NodeErrors {
  const errors: NodeErrors = {};
  for (const issue of issues) {
    const field = FIELD_OF[String(issue.path[0] ?? '')];
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

export type Checked<B> = { ok: true; body: B } | { ok: false; errors: NodeErrors } | { ok: false; notModified: true };

function check(form: NodeForm): { ok: true; input: CreatePatrolNodeRequest } | { ok: false; errors: NodeErrors } {
  const input = inputOf(form);
  const parsed = createPatrolNodeSchema.safeParse(input);
  const errors = parsed.success ? {} : errorsOf(parsed.error.issues);
  if (input.methods.includes('nfc') && input.nfcTag === null) errors.nfcTag ??= 'rule.patrolNfcRequired';
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, input };
}

/** A new node's request, or its errors. */
export function checkCreate(form: NodeForm): Checked<CreatePatrolNodeRequest> {
  const checked = check(form);
  return checked.ok ? { ok: true, body: checked.input } : checked;
}

/** Only what differs from the stored node; nothing is 'Patrol information has not been modified'. */
export function checkUpdate(form: NodeForm, stored: PatrolNode): Checked<UpdatePatrolNodeRequest> {
  const checked = check(form);
  if (!checked.ok) return checked;
  const input = checked.input;
  const body: UpdatePatrolNodeRequest = {};
  if (input.name.trim() !== stored.name) body.name = input.name;
  if (input.lng !== stored.lng || input.lat !== stored.lat) Object.assign(body, { lng: input.lng, lat: input.lat, coord: 0 });
  if (input.methods.join() !== ordered(stored.methods).join()) body.methods = input.methods;
  if (input.radiusM !== stored.radiusM) body.radiusM = input.radiusM;
  if ((input.nfcTag ?? null) !== stored.nfcTag) body.nfcTag = input.nfcTag;
  if (input.repeatS !== stored.repeatS) body.repeatS = input.repeatS;
  if (Object.keys(body).length === 0) return { ok: false, notModified: true };
  return { ok: true, body };
}

/** Where a refusal belongs: the rules the server names no field for that are a field's. */
export const RULE_FIELDS: Record<string, NodeField> = {
  'rule.patrolNodeNameExists': 'name',
  'rule.patrolNfcExists': 'nfcTag',
  'rule.patrolNfcRequired': 'nfcTag',
};
