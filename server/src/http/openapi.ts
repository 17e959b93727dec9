import { z } from 'zod';
import { PERMISSIONS, SERVER_CODES } from '@ptt/contracts';
import { routeAction, type RouteDef } from './route';

type Json = Record<string, unknown>;

function schemaOf(s: z.ZodType, io: 'input' | 'output'): Json {
  const out = z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Json;
  delete out.$schema;
  return out;
}

function envelope(data: Json | null): Json {
  return {
    type: 'object',
    required: ['code', 'msg', 'data'],
    properties: { code: { type: 'integer', enum: [0] }, msg: { type: 'string' }, data: data ?? { nullable: true } },
  };
}

const ERROR_ENVELOPE: Json = {
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', enum: Object.keys(SERVER_CODES).map(Number).filter((c) => c !== 0) },
    msg: { type: 'string' },
    data: { description: 'Details: zod issues for 2004, `reason` (an i18n key) for business rules' },
  },
};

/** `/api/users/:id` -> `/api/users/{id}` */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parameters(route: RouteDef): Json[] {
  const list: Json[] = [];
  for (const [where, s] of [['path', route.params], ['query', route.query]] as const) {
    if (!s) continue;
    const js = schemaOf(s, 'input');
    const props = (js.properties ?? {}) as Record<string, Json>;
    const required = new Set((js.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries(props)) {
      list.push({ name, in: where, required: where === 'path' || (required.has(name) && !('default' in schema)), schema });
    }
  }
  return list;
}

function operation(route: RouteDef): Json {
  const op: Json = {
    operationId: `${route.method.toLowerCase()}${openApiPath(route.url).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: route.summary,
    tags: [route.tag],
    parameters: parameters(route),
    responses: {
      200: route.raw
        ? { description: 'The content', content: { [route.raw]: { schema: { type: 'string', format: 'binary' } } } }
        : { description: 'Success', content: { 'application/json': { schema: envelope(route.response ? schemaOf(route.response, 'output') : null) } } },
      default: { description: 'Failure: a server code of spec section 8', content: { 'application/json': { schema: ERROR_ENVELOPE } } },
    },
    'x-permission': route.auth,
  };
  // Either one: a Bearer header, or (downloads for tags) the query's signed URL of ADR 012.
  if (route.auth !== 'public') op.security = route.signedUrl ? [{ bearer: [] }, { signedUrl: [] }] : [{ bearer: [] }];
  const action = routeAction(route.auth);
  if (action) op['x-roles'] = [...PERMISSIONS[action]];
  // The large screen (ADR 026): a paired display's read-only credential is a Bearer token too, and
  // these are the only routes that take it.
  if (route.auth === 'screen') op['x-display-credential'] = true;
  if (route.audits?.length) op['x-operation-types'] = [...route.audits];
  if (route.body) op.requestBody = { required: true, content: { 'application/json': { schema: schemaOf(route.body, 'input') } } };
  if (route.upload) {
    op.requestBody = {
      required: true,
      content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } } },
    };
  }
  return op;
}

/** The OpenAPI 3.0 document of every REST route, generated from the same zod schemas that validate. */
export function buildOpenApi(routes: readonly RouteDef[], version: string): Json {
  const paths: Record<string, Json> = {};
  for (const route of [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))) {
    const p = (paths[openApiPath(route.url)] ??= {});
    p[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'PTT dispatch console API',
      version,
      description: 'Every answer is `{ code, msg, data }`; code 0 is success, other codes are the server codes of spec section 8.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        // OpenAPI names one parameter; the signature `s` counts only with its link id `l` and expiry `x`.
        signedUrl: {
          type: 'apiKey',
          in: 'query',
          name: 's',
          description: "A URL the console signed with its session's file key: `l` (file link id), `x` (expiry, s since the epoch) and `s` (HMAC signature), ADR 012",
        },
      },
    },
    paths,
  };
}
