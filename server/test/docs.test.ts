import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ACTIONS } from '@ptt/contracts';
import { renderDocs } from '../src/docs/render-docs';
import { routeAction } from '../src/http/route';
import { allRoutes } from '../src/modules';
import { createTestApp, type TestApp } from './test-app';

const ROOT = path.resolve(__dirname, '..', '..');

describe('generated documents', () => {
  it.each(Object.entries(renderDocs()))('%s is up to date (run `npm run gen` after changing routes or permissions)', (file, text) => {
    expect(readFileSync(path.join(ROOT, file), 'utf8')).toBe(text);
  });

  it('documents every route, its path parameters and its permission', () => {
    const doc = JSON.parse(renderDocs()['docs/openapi.json']!) as {
      paths: Record<string, Record<string, { parameters: { name: string; in: string }[]; 'x-permission': string }>>;
    };
    const routes = allRoutes;
    for (const r of routes) {
      const op = doc.paths[r.url.replace(/:(\w+)/g, '{$1}')]?.[r.method.toLowerCase()];
      expect(op).toBeDefined();
      const pathParams = [...r.url.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      expect(op!.parameters.filter((p) => p.in === 'path').map((p) => p.name).sort()).toEqual(pathParams);
      expect(op!['x-permission']).toBe(r.auth);
    }
    // Every change is audited: each mutating route names the operation types it writes.
    // Device commands have no operation type (0-55 has none); they are audited in device_commands
    // and device_logs (action 'command') instead of a misleading operation record.
    // The assignment dry run is a POST only because it carries a file upload; it writes nothing.
    // The embed hand-off is a POST only because it carries the origin; it reads the session.
    const auditedElsewhere = ['POST /api/devices/:id/commands', 'POST /api/channels/assignments/check', 'POST /api/auth/embed'];
    const unaudited = routes
      .filter((r) => r.method !== 'GET' && r.auth !== 'public' && r.url !== '/api/auth/logout' && !r.audits?.length)
      // Chat messages are conversation, not administrative operations: no operation type fits them.
      .filter((r) => r.tag !== 'chat')
      // Calls are conversation too; the calls row records who ended each call and why (ADR 008).
      .filter((r) => r.tag !== 'calls')
      // Pressing and releasing PTT is conversation as well; the bursts become chat messages.
      .filter((r) => r.tag !== 'ptt')
      // Device reports (POST /api/locations, POST /api/sos) are telemetry, not operations; closing an
      // SOS has no type in the fixed 0-55 table and is recorded in its sos_records row instead
      // (dispatcher_id, closed_at).
      .filter((r) => r.tag !== 'locations' && r.tag !== 'sos')
      // Watched channels are one user's listening preference (ADR 023), not an administrative change.
      .filter((r) => r.url !== '/api/me/watched-channels')
      // Patrol check-ins (a device's scan, a dispatcher recording one reported by radio) are the
      // patrol records themselves, like positions: the check-in row keeps who, when, how and, for a
      // manual one, who recorded it (ADR 029); the operation table has no type for them.
      .filter((r) => !r.url.startsWith('/api/patrol/checkins'))
      .filter((r) => !auditedElsewhere.includes(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(unaudited).toEqual([]);
    // Every action of the matrix guards a route or is checked by a service (finer rules), or it
    // is dead weight.
    const used = new Set(routes.map((r) => routeAction(r.auth)));
    const serviceOnly = ACTIONS.filter((a) => !used.has(a));
    const sources = ['users/user.service.ts', 'ws/connection.ts', 'ptt/floor.service.ts', 'sos/sos-escalation.ts'].map((f) => readFileSync(path.join(__dirname, '..', 'src', f), 'utf8')).join('\n');
    expect(serviceOnly.filter((a) => !sources.includes(`'${a}'`))).toEqual([]);
  });
});

describe('/api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the same document without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(JSON.parse(renderDocs()['docs/openapi.json']!));
  });
});
