import { OPERATION_RECORD_SORTS } from '@ptt/contracts';
import { localInputToIso, presetRange } from './timeRange';
import { defaultView, parseView, tableQuery, viewParams, type ViewSpec } from './view';

const SPEC: ViewSpec = { sorts: OPERATION_RECORD_SORTS, defaultSort: 'time', types: ['0', '12', '55'], mine: true, device: true };
const parse = (qs: string, spec = SPEC) => parseView(new URLSearchParams(qs), spec);

describe('records view in the URL', () => {
  it('is the default view without a query string, newest first', () => {
    expect(parse('')).toEqual(defaultView(SPEC));
    expect(parse('')).toMatchObject({ sort: 'time', order: 'desc', page: 1, size: 20, range: null, mine: false });
    expect(viewParams(defaultView(SPEC), SPEC).toString()).toBe('');
  });

  it('reads every filter, the sort and the page', () => {
    const view = parse('range=7d&userId=21&device=Chrome&type=12&sort=account&order=asc&page=3&size=50');
    expect(view).toEqual({ range: '7d', from: null, to: null, userId: 21, device: 'Chrome', type: '12', sort: 'account', order: 'asc', page: 3, size: 50, mine: false });
  });

  it('writes what it reads, in a fixed order, defaults left out', () => {
    const qs = 'range=7d&userId=21&device=Chrome&type=12&sort=account&order=asc&page=3&size=50';
    expect(viewParams(parse(qs), SPEC).toString()).toBe(qs);
    expect(viewParams(parse('page=1&order=desc&sort=time&size=20&type=12'), SPEC).toString()).toBe('type=12');
  });

  it('keeps custom times with their offset, and only with the custom range', () => {
    const from = localInputToIso('2026-11-01T08:00')!;
    const view = parse(`range=custom&from=${encodeURIComponent(from)}&to=${encodeURIComponent('2026-11-28T00:00+08:00')}`);
    expect(view).toMatchObject({ range: 'custom', from, to: '2026-11-28T00:00+08:00' });
    expect(parseView(viewParams(view, SPEC), SPEC)).toEqual(view);
    expect(parse(`range=today&from=${encodeURIComponent(from)}`).from).toBeNull();
    expect(viewParams({ ...view, range: '30d' }, SPEC).toString()).toBe('range=30d');
  });

  it('drops values a link cannot hold, one by one', () => {
    const view = parse('range=week&userId=-4&type=99&sort=password&order=up&page=0&size=5000&from=x');
    expect(view).toEqual(defaultView(SPEC));
    expect(parse('userId=abc&page=2').page).toBe(2);
    expect(parse('range=custom&from=soon').from).toBeNull();
  });

  it('reads mine only where the kind has own records, and then no member', () => {
    expect(parse('mine=1&userId=21')).toMatchObject({ mine: true, userId: null });
    expect(viewParams(parse('mine=1&userId=21&range=today'), SPEC).toString()).toBe('mine=1&range=today');
    expect(parse('mine=1', { ...SPEC, mine: false }).mine).toBe(false);
    expect(parse('mine=true').mine).toBe(false);
  });

  it('ignores a device where the list has no device filter', () => {
    const spec = { ...SPEC, device: false };
    expect(parse('device=Chrome', spec).device).toBe('');
    expect(viewParams({ ...defaultView(spec), device: 'Chrome' }, spec).toString()).toBe('');
  });
});

describe('the list request of a view', () => {
  const now = new Date(2026, 10, 28, 15, 0);

  it('turns a preset into milliseconds on the day it is opened', () => {
    const { from, to } = presetRange('30d', now);
    expect(tableQuery(parse('range=30d&userId=21&type=12&page=2'), now)).toEqual({
      page: 2,
      size: 20,
      sort: 'time',
      order: 'desc',
      filters: { from: String(from), to: String(to), userId: '21', device: '', type: '12' },
    });
  });

  it('sends a custom range as given, and nothing for any time', () => {
    const q = tableQuery(parse(`range=custom&from=${encodeURIComponent('2026-11-01T00:00+08:00')}`), now);
    expect(q.filters).toMatchObject({ from: String(Date.UTC(2026, 9, 31, 16)), to: '' });
    expect(tableQuery(parse(''), now).filters).toEqual({ from: '', to: '', userId: '', device: '', type: '' });
  });
});
