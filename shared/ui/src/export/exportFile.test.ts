import { CLIENT_ERROR_KEYS, NETWORK_ERROR_CODE, ServerCode } from '@ptt/contracts';
import { ApiError } from '@ptt/event-bus';
import { downloadExport, exportQuery, newExportId } from './exportFile';
import { XLSX_TYPE, fakeResponse, refusalResponse } from '../../test/exportFetch';

const request = (fetchImpl: typeof fetch, signal = new AbortController().signal) =>
  downloadExport({ path: '/api/records/operations/export', query: { type: '12', userId: undefined, format: 'xlsx', exportId: 'e1' }, token: 'tok', language: 'zh-CN', signal, fetchImpl });

describe('export download', () => {
  it('GETs the export with the token, the interface language and the query, and returns the file and its name', async () => {
    const fetchImpl = jest.fn(() =>
      Promise.resolve(fakeResponse(200, { 'content-type': XLSX_TYPE, 'content-disposition': "attachment; filename=\"operation-records.xlsx\"; filename*=UTF-8''%E6%93%8D%E4%BD%9C%E8%AE%B0%E5%BD%95.xlsx" }, 'PK')),
    );
    const file = await request(fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith('/api/records/operations/export?type=12&format=xlsx&exportId=e1', {
      headers: { Authorization: 'Bearer tok', 'Accept-Language': 'zh-CN' },
      signal: expect.any(AbortSignal) as unknown,
    });
    expect(file.fileName).toBe('操作记录.xlsx');
    expect(file.blob).toBeInstanceOf(Blob);
  });

  it('throws a refusal with its code, its key and its data (too many rows)', async () => {
    const fetchImpl = () => Promise.resolve(refusalResponse(ServerCode.ParameterError, { reason: 'too many rows, narrow the filters', maxRows: 1_048_575 }));
    const e = (await request(fetchImpl as unknown as typeof fetch).catch((x: unknown) => x)) as ApiError;
    expect(e).toBeInstanceOf(ApiError);
    expect([e.code, e.i18nKey, e.data]).toEqual([2004, 'serverCode.2004', { reason: 'too many rows, narrow the filters', maxRows: 1_048_575 }]);
  });

  it('keys a field\'s refusal by the field and a rule\'s by the rule', async () => {
    const field = () => Promise.resolve(refusalResponse(ServerCode.ParameterError, { issues: [{ path: 'format', message: 'validation.exportFormatInvalid' }] }));
    expect(((await request(field as unknown as typeof fetch).catch((x: unknown) => x)) as ApiError).i18nKey).toBe('validation.exportFormatInvalid');
    const rule = () => Promise.resolve(refusalResponse(ServerCode.InsufficientPermissions, { reason: 'rule.insufficientPermissions' }, 403));
    expect(((await request(rule as unknown as typeof fetch).catch((x: unknown) => x)) as ApiError).i18nKey).toBe('rule.insufficientPermissions');
  });

  it('calls a success without a file, or a broken answer, a server fault', async () => {
    const ok = () => Promise.resolve(fakeResponse(200, { 'content-type': 'application/json' }, JSON.stringify({ code: 0, msg: 'ok', data: null })));
    expect(((await request(ok as unknown as typeof fetch).catch((x: unknown) => x)) as ApiError).code).toBe(ServerCode.ServiceException);
    const broken = () => Promise.resolve(fakeResponse(502, { 'content-type': 'text/html' }, '<h1>Bad gateway</h1>'));
    expect(((await request(broken as unknown as typeof fetch).catch((x: unknown) => x)) as ApiError).code).toBe(ServerCode.ServiceException);
  });

  it('says the network failed when no answer came, and lets a cancel through as it is', async () => {
    const down = () => Promise.reject(new TypeError('Failed to fetch'));
    const e = (await request(down as unknown as typeof fetch).catch((x: unknown) => x)) as ApiError;
    expect([e.code, e.i18nKey]).toEqual([NETWORK_ERROR_CODE, CLIENT_ERROR_KEYS.networkError]);
    const abort = new AbortController();
    abort.abort();
    const aborted = () => Promise.reject(new DOMException('aborted', 'AbortError'));
    expect(await request(aborted as unknown as typeof fetch, abort.signal).catch((x: unknown) => x)).toBeInstanceOf(DOMException);
  });
});

describe('export query and id', () => {
  it('is the list\'s filters and sort without its page, with the format and id', () => {
    const q = { page: 4, size: 50, sort: 'time', order: 'desc' as const, filters: { from: '1', to: '', userId: '21', device: '', type: '12' } };
    expect(exportQuery(q, 'csv', 'abc')).toEqual({ sort: 'time', order: 'desc', from: '1', to: undefined, userId: '21', device: undefined, type: '12', format: 'csv', exportId: 'abc' });
  });

  it('makes a new id each time, in the letters the server takes', () => {
    const ids = new Set(Array.from({ length: 20 }, newExportId));
    expect(ids.size).toBe(20);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});
