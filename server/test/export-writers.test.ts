import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import { guardCell } from '../src/exports/cells';
import { csvField, csvLine } from '../src/exports/csv-sheet';
import { exportFileName } from '../src/exports/file-name';
import { exportLanguage } from '../src/exports/language';
import { XlsxSheet, sheetBacklog } from '../src/exports/xlsx-sheet';
import { parseXlsx } from './records-fixture';

// The pieces of the record exports that need no database (ADR 028).

describe('formula guard', () => {
  it('prefixes text that a spreadsheet would read as a formula, and nothing else', () => {
    for (const v of ['=1+1', '+1', '-1', '@A1', '\tx', '\rx']) expect(guardCell(v)).toBe(`'${v}`);
    for (const v of ['a=1', ' =1', '', '1-2', "'=x"]) expect(guardCell(v)).toBe(v);
    expect(guardCell(-73.5)).toBe(-73.5);
    expect(guardCell(null)).toBeNull();
  });
});

describe('CSV', () => {
  it('quotes by RFC 4180 and ends lines in CRLF', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField(null)).toBe('');
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField('=A1,"x"')).toBe(`"'=A1,""x"""`);
    expect(csvLine(['a', null, 3])).toBe('a,,3\r\n');
  });
});

describe('export language', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['en-US,en;q=0.9,zh-CN;q=0.8', 'en'],
    ['fr-FR, zh;q=0.5', 'zh'],
    ['zh;q=0, en', 'en'],
    ['de', 'en'],
    ['zh-Hant-TW', 'zh'],
    ['en;q=0.3, zh-TW;q=0.4', 'zh'],
  ])('%s -> %s', (header, lang) => {
    expect(exportLanguage(header)).toBe(lang);
  });
});

describe('export file name', () => {
  const from = Date.parse('2026-11-01T00:00:00Z');
  const to = Date.parse('2026-11-29T00:00:00Z');
  it('names what, the days of the range (to exclusive) and each filter given', () => {
    expect(exportFileName('operation-records', { from, to }, [['type', 12], ['user', undefined]], 'xlsx')).toBe('operation-records_2026-11-01_2026-11-28_type-12.xlsx');
    expect(exportFileName('login-records', {}, [['abnormal', true], ['device', 'a/b c:d_e']], 'csv')).toBe('login-records_abnormal-true_device-a-b-c-d-e.csv');
    expect(exportFileName('sos-records', { from }, [['q', '"""']], 'csv')).toBe('sos-records_2026-11-01_now.csv');
    expect(exportFileName('sos-records', { to: 9e15 }, [], 'csv')).toBe('sos-records_start_now.csv');
  });
});

describe('xlsx sheet', () => {
  it('finds the backlog of sheet XML in exceljs (the slow-client guard depends on it)', async () => {
    const out = new PassThrough();
    const sheet = new XlsxSheet(out, new AbortController().signal, 'Test', [10, 10]);
    await sheet.header(['a', 'b']);
    const inner = (sheet as unknown as { sheet: ExcelJS.Worksheet }).sheet;
    expect(typeof sheetBacklog(inner)).toBe('number');
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    await sheet.rows([['=x', -1], [null, 'y']]);
    await sheet.end();
    expect(await parseXlsx(Buffer.concat(chunks))).toEqual([['a', 'b'], ["'=x", -1], [null, 'y']]);
  });
});
