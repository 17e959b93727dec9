import fc from 'fast-check';
import { z } from 'zod';

// Input generators driven by the routes' own zod schemas (through their JSON Schema form), shared
// by the fuzz suites: text-input.test.ts puts bad strings at every text position, fuzz-routes
// generates valid-shaped and just-invalid requests, ws2-fuzz frames.

export type Json = Record<string, unknown>;
export type Path = (string | number)[];

export function jsonSchemaOf(schema: z.ZodType | undefined): Json {
  return schema ? z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) : {};
}

export const isFreeString = (js: Json): boolean => js.type === 'string' && js.enum === undefined && js.const === undefined;

/** Paths to every free-text position of a body's JSON schema (array items at index 0). */
export function stringPaths(js: Json, at: Path = [], depth = 0): Path[] {
  if (depth > 6) return [];
  if (isFreeString(js)) return [at];
  const alternatives = [...((js.anyOf ?? js.oneOf ?? js.allOf ?? []) as Json[])];
  const out = alternatives.flatMap((alt) => stringPaths(alt, at, depth + 1));
  for (const [key, sub] of Object.entries((js.properties ?? {}) as Record<string, Json>)) out.push(...stringPaths(sub, [...at, key], depth + 1));
  if (js.items && typeof js.items === 'object') out.push(...stringPaths(js.items as Json, [...at, 0], depth + 1));
  if (js.additionalProperties && typeof js.additionalProperties === 'object') out.push(...stringPaths(js.additionalProperties as Json, [...at, 'k'], depth + 1));
  return out;
}

/** How the leaves of a shaped value are drawn; `key` is the nearest property name (ids, names...). */
export interface Leaves {
  text(js: Json, key: string | undefined): fc.Arbitrary<string>;
  number?(js: Json, key: string | undefined): fc.Arbitrary<number>;
  /** Longest array drawn (default 3). */
  maxItems?: number;
}

/** Smallest and largest number a numeric schema allows, integers rounded inwards. */
export function numberBounds(js: Json): { min: number; max: number } {
  const int = js.type === 'integer';
  let min = typeof js.minimum === 'number' ? js.minimum : typeof js.exclusiveMinimum === 'number' ? js.exclusiveMinimum + (int ? 1 : Number.EPSILON) : -Number.MAX_SAFE_INTEGER;
  let max = typeof js.maximum === 'number' ? js.maximum : typeof js.exclusiveMaximum === 'number' ? js.exclusiveMaximum - (int ? 1 : Number.EPSILON) : Number.MAX_SAFE_INTEGER;
  if (int) [min, max] = [Math.ceil(min), Math.floor(max)];
  return { min, max };
}

/** Small integers from the minimum up (what text-input.test.ts always drew). */
const smallNumber = (js: Json): fc.Arbitrary<number> => {
  const low = typeof js.exclusiveMinimum === 'number' ? js.exclusiveMinimum + 1 : Number(js.minimum ?? 1);
  const high = Math.min(Number(js.maximum ?? low + 10), low + 10);
  return fc.integer({ min: Math.ceil(low), max: Math.max(Math.ceil(low), Math.floor(high)) });
};

/** A value shaped by the schema, its strings and numbers drawn by `leaves`. */
export function shaped(js: Json, leaves: Leaves, depth = 0, key?: string): fc.Arbitrary<unknown> {
  if (depth > 5) return leaves.text({ type: 'string' }, key);
  if ('const' in js) return fc.constant(js.const);
  if (Array.isArray(js.enum)) return fc.constantFrom(...(js.enum as unknown[]));
  const alternatives = (js.anyOf ?? js.oneOf) as Json[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((a) => shaped(a, leaves, depth + 1, key)));
  if (Array.isArray(js.allOf)) {
    return fc.tuple(...(js.allOf as Json[]).map((a) => shaped(a, leaves, depth + 1, key))).map((parts): unknown => Object.assign({}, ...parts.filter((p) => p && typeof p === 'object')));
  }
  switch (js.type) {
    case 'object': {
      const props = (js.properties ?? {}) as Record<string, Json>;
      const required = ((js.required ?? []) as string[]).filter((k) => k in props);
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, shaped(v, leaves, depth + 1, k)])), { requiredKeys: required });
    }
    case 'array': {
      const minLength = Math.min(Number(js.minItems ?? 0), leaves.maxItems ?? 3);
      const maxLength = Math.max(minLength, Math.min(Number(js.maxItems ?? Infinity), leaves.maxItems ?? 3));
      return fc.array(shaped((js.items ?? {}) as Json, leaves, depth + 1, key), { minLength, maxLength });
    }
    case 'integer':
    case 'number':
      return leaves.number ? leaves.number(js, key) : smallNumber(js);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return js.format === 'date-time' ? fc.constant(new Date().toISOString()) : leaves.text(js, key);
    default: {
      const text = leaves.text({ type: 'string' }, key);
      return fc.oneof(text, fc.dictionary(text, text, { maxKeys: 2 }));
    }
  }
}

export function setPath(root: unknown, path: Path, value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const base = typeof head === 'number' ? (Array.isArray(root) ? [...(root as unknown[])] : []) : root && typeof root === 'object' && !Array.isArray(root) ? { ...(root as Json) } : {};
  (base as Record<string | number, unknown>)[head!] = setPath((base as Record<string | number, unknown>)[head!], rest, value);
  return base;
}

/** Every position of a schema (objects' properties, arrays' first item) with its own schema. */
export function leafPaths(js: Json, at: Path = [], depth = 0): { path: Path; js: Json }[] {
  if (depth > 6) return [];
  const out: { path: Path; js: Json }[] = at.length ? [{ path: at, js }] : [];
  const alternatives = (js.anyOf ?? js.oneOf) as Json[] | undefined;
  // A union's first object alternative stands for it (the others are found by the valid draws).
  const objectAlt = alternatives?.find((a) => a.type === 'object');
  if (objectAlt) return [...out, ...leafPaths(objectAlt, at, depth + 1).filter((l) => l.path.length > at.length)];
  for (const [k, sub] of Object.entries((js.properties ?? {}) as Record<string, Json>)) out.push(...leafPaths(sub, [...at, k], depth + 1));
  if (js.items && typeof js.items === 'object') out.push(...leafPaths(js.items as Json, [...at, 0], depth + 1));
  return out;
}

/** Values a position of this schema most likely refuses: one step past a bound, or a wrong type. */
export function justInvalid(js: Json): fc.Arbitrary<unknown> {
  const wrongType = fc.constantFrom<unknown>(null, {}, [], true, 'x', -1, 1.5);
  const near: unknown[] = [];
  if (js.type === 'string') {
    if (typeof js.maxLength === 'number') near.push('a'.repeat(js.maxLength + 1));
    if (typeof js.minLength === 'number' && js.minLength > 0) near.push('a'.repeat(js.minLength - 1));
    if (js.pattern) near.push('<b>', ' ', '\u202e');
    near.push(7);
  }
  if (js.type === 'integer' || js.type === 'number') {
    const { min, max } = numberBounds(js);
    if (min > -Number.MAX_SAFE_INTEGER) near.push(min - 1);
    if (max < Number.MAX_SAFE_INTEGER) near.push(max + 1);
    if (js.type === 'integer') near.push(min + 0.5);
    near.push('1', 1e308);
  }
  if (Array.isArray(js.enum) || 'const' in js) near.push('__none__', 12345);
  if (js.type === 'array') {
    if (typeof js.maxItems === 'number' && js.maxItems <= 500) near.push(Array.from({ length: js.maxItems + 1 }, () => 1));
    near.push('not-a-list');
  }
  if (js.type === 'boolean') near.push('true', 0);
  return near.length ? fc.oneof(fc.constantFrom(...near), wrongType) : wrongType;
}

/** Every zod node of a schema with the checks of its ancestors (to find strings without the shared check). */
export function* walk(schema: z.ZodType, path: string): Generator<{ schema: z.ZodType; path: string }> {
  const def = schema._zod.def as unknown as Record<string, unknown> & { type: string };
  yield { schema, path };
  const child = (s: unknown, p: string) => walk(s as z.ZodType, p);
  switch (def.type) {
    case 'object':
      for (const [k, v] of Object.entries(def.shape as Record<string, z.ZodType>)) yield* child(v, `${path}.${k}`);
      break;
    case 'array':
      yield* child(def.element, `${path}[]`);
      break;
    case 'union':
      for (const [i, o] of (def.options as z.ZodType[]).entries()) yield* child(o, `${path}|${i}`);
      break;
    case 'intersection':
      yield* child(def.left, path);
      yield* child(def.right, path);
      break;
    case 'record':
      yield* child(def.keyType, `${path}{key}`);
      yield* child(def.valueType, `${path}{}`);
      break;
    case 'tuple':
      for (const [i, o] of (def.items as z.ZodType[]).entries()) yield* child(o, `${path}[${i}]`);
      break;
    case 'pipe':
      yield* child(def.in, path);
      yield* child(def.out, path);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      yield* child(def.innerType, path);
      break;
    case 'lazy':
      yield* child((def.getter as () => z.ZodType)(), path);
      break;
  }
}

/** Ids a request may name: real rows of this and another enterprise, and values near the limits. */
export interface IdPool {
  /** Integer ids (users, channels, devices, fences...; own and foreign). */
  ints: readonly number[];
  /** String ids (chat ids, file ids, call ids...). */
  strings: readonly string[];
  /** Texts worth sending as a known value (accounts, passwords, codes), by property name. */
  known?: Readonly<Record<string, readonly string[]>>;
  /** Numbers worth sending, by property name (a device's clock near now...). */
  knownNumbers?: Readonly<Record<string, readonly number[]>>;
}

const idKey = (key: string | undefined) => key !== undefined && /(^id$|Id$|Ids$|^[ue]id$|^ids$)/.test(key);
// Letters of several scripts, combining marks, digits and the name punctuation; no controls.
const WORLD_CHARS = [...'aZ09_-.()· \'éÅßДж中文字한글עבعربीहि\u0301😀'];

/** Texts the schema accepts (pattern, length) with unicode, boundary lengths and known values. */
export function validText(js: Json, key: string | undefined, pool: IdPool): fc.Arbitrary<string> {
  const min = Number(js.minLength ?? 0);
  const max = Math.max(min, Number(js.maxLength ?? 200));
  const fits = (s: string) => s.length >= min && s.length <= max && (typeof js.pattern !== 'string' || new RegExp(js.pattern, 'u').test(s));
  const options: fc.Arbitrary<string>[] = [];
  if (js.format === 'date-time') {
    return fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2200-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString());
  }
  if (typeof js.pattern === 'string') options.push(fc.stringMatching(new RegExp(js.pattern, 'u')).filter(fits));
  else {
    const unit = fc.constantFrom(...WORLD_CHARS);
    options.push(fc.string({ unit, minLength: min, maxLength: Math.min(max, 24) }).filter(fits));
    options.push(fc.string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, 24) }).map((s) => s.split('\u0000').join('')).filter(fits));
    // Exactly at the limit, in ASCII and in a 3-byte UTF-8 character (length counts UTF-16 units).
    options.push(fc.constantFrom('a'.repeat(max), '中'.repeat(max), 'é'.repeat(max)).filter(fits));
  }
  const known = [...(key ? pool.known?.[key] ?? [] : []), ...(idKey(key) ? pool.strings : [])].filter(fits);
  if (known.length) options.push(fc.constantFrom(...known), fc.constantFrom(...known));
  return fc.oneof(...options);
}

/** Numbers the schema accepts: its bounds, real ids for id-like keys, and values in between. */
export function validNumber(js: Json, key: string | undefined, pool: IdPool): fc.Arbitrary<number> {
  const { min, max } = numberBounds(js);
  const inRange = (n: number) => n >= min && n <= max;
  const int = js.type === 'integer';
  const edges = [min, max, min + 1, Math.min(max, 2 ** 31 - 1), Math.min(max, 2 ** 53 - 1), 0].filter(inRange);
  const options: fc.Arbitrary<number>[] = [
    fc.constantFrom(...(edges.length ? edges : [min])),
    int ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) }) : fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
  ];
  const ids = [...(idKey(key) ? pool.ints : []), ...(key ? pool.knownNumbers?.[key] ?? [] : [])].filter(inRange);
  if (ids.length) options.push(fc.constantFrom(...ids), fc.constantFrom(...ids), fc.constantFrom(...ids));
  return fc.oneof(...options);
}

/** Leaves for valid-shaped values. */
export const validLeaves = (pool: IdPool): Leaves => ({
  text: (js, key) => validText(js, key, pool),
  number: (js, key) => validNumber(js, key, pool),
  maxItems: 4,
});
