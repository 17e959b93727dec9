import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isStorableJson, isStorableText, text } from './text';

describe('storable text', () => {
  it('refuses NUL and lone surrogates, keeps every well-formed character', () => {
    for (const ok of ['', 'plain', 'tab\tand\nnewline', '中文', '😀', 'a\ud83d\ude00b', '\u0001']) expect(isStorableText(ok)).toBe(true);
    for (const bad of ['\u0000', 'a\u0000b', '\ud800', 'x\udbff', '\udc00y', '\udfff', '\ude00\ud83d', 'a😀\ud800']) expect(isStorableText(bad)).toBe(false);
  });

  it('looks into keys and nested values of JSON', () => {
    expect(isStorableJson({ a: ['x', { b: 1, c: null }] })).toBe(true);
    expect(isStorableJson({ a: ['x', { b: 'y\u0000' }] })).toBe(false);
    expect(isStorableJson({ 'k\ud800': 1 })).toBe(false);
  });

  it('reports the field with validation.textInvalid before its own rules', () => {
    const r = text().trim().min(3, { error: 'tooShort' }).safeParse('\u0000');
    expect(r.error?.issues.map((i) => i.message)).toEqual(['validation.textInvalid']);
  });

  it('is the only string schema contracts build (no bare z.string)', () => {
    const offenders: string[] = [];
    const visit = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) visit(file);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && entry.name !== 'text.ts' && /\bz\s*\.\s*string\(/.test(readFileSync(file, 'utf8'))) offenders.push(file);
      }
    };
    visit(__dirname);
    expect(offenders).toEqual([]);
  });
});
