import { ownSosExportQuerySchema, sosExportQuerySchema, sosListQuerySchema } from '../realtime/sos';
import {
  DEVICE_FILTER_MAX_LENGTH,
  fenceAlertExportQuerySchema,
  loginRecordExportQuerySchema,
  loginRecordQuerySchema,
  operationRecordExportQuerySchema,
  operationRecordQuerySchema,
  ownOperationExportQuerySchema,
} from './records';

function messages(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } } }, input: unknown) {
  const r = schema.safeParse(input);
  return r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('record filters', () => {
  it('reads a device filter on logins, operations and SOS, trimmed; empty means none', () => {
    for (const schema of [loginRecordQuerySchema, operationRecordQuerySchema, sosListQuerySchema]) {
      expect(schema.parse({ device: '  Android 14 ' }).device).toBe('Android 14');
      expect(schema.parse({ device: '' }).device).toBeUndefined();
      expect(schema.parse({}).device).toBeUndefined();
      expect(messages(schema, { device: 'x'.repeat(DEVICE_FILTER_MAX_LENGTH + 1) })).toHaveLength(1);
      expect(messages(schema, { device: 'a\u0000b' })).toEqual(['device: validation.textInvalid']);
    }
  });
});

describe('export queries', () => {
  const all = [
    loginRecordExportQuerySchema,
    operationRecordExportQuerySchema,
    ownOperationExportQuerySchema,
    fenceAlertExportQuerySchema,
    sosExportQuerySchema,
    ownSosExportQuerySchema,
  ];

  it('default to xlsx, take csv, and refuse another format', () => {
    for (const schema of all) {
      expect(schema.parse({}).format).toBe('xlsx');
      expect(schema.parse({ format: '' }).format).toBe('xlsx');
      expect(schema.parse({ format: 'csv' }).format).toBe('csv');
      expect(messages(schema, { format: 'pdf' })).toEqual(['format: validation.exportFormatInvalid']);
    }
  });

  it('read page and size not at all (an export holds every filtered row)', () => {
    for (const schema of all) {
      const q = schema.parse({ page: 'x', size: '0' }) as Record<string, unknown>;
      expect(q.page).toBeUndefined();
      expect(q.size).toBeUndefined();
    }
  });

  it('keep the list filters and sort', () => {
    const q = operationRecordExportQuerySchema.parse({ type: '12', userId: '7', device: 'web', from: '1', to: '2', sort: 'type', order: 'desc', q: 'x' });
    expect(q).toMatchObject({ type: 12, userId: 7, device: 'web', from: 1, to: 2, sort: 'type', order: 'desc', q: 'x' });
    expect(messages(operationRecordExportQuerySchema, { type: '56' })).toHaveLength(1);
    expect(messages(sosExportQuerySchema, { sort: 'ip' })).toHaveLength(1);
    expect(fenceAlertExportQuerySchema.parse({ type: 'stay', fenceId: '3' })).toMatchObject({ type: 'stay', fenceId: 3, sort: 'time', order: 'asc' });
  });

  it('have no user filter where the list is the caller\'s own', () => {
    expect((ownOperationExportQuerySchema.parse({ userId: '7' }) as Record<string, unknown>).userId).toBeUndefined();
    expect((ownSosExportQuerySchema.parse({ userId: '7' }) as Record<string, unknown>).userId).toBeUndefined();
  });

  it('take an export id of letters, digits, - and _ up to 64', () => {
    expect(loginRecordExportQuerySchema.parse({ exportId: 'a-B_9' }).exportId).toBe('a-B_9');
    expect(loginRecordExportQuerySchema.parse({ exportId: '' }).exportId).toBeUndefined();
    for (const bad of ['a b', 'x'.repeat(65), 'é', 'a/b']) {
      expect(messages(loginRecordExportQuerySchema, { exportId: bad })).toEqual(['exportId: validation.exportIdInvalid']);
    }
  });
});
