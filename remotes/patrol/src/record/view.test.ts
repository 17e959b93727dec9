import { checkinQuery, parseView, runQuery, viewParams } from './view';

const NOW = new Date(2026, 10, 28, 15, 0);

describe('records view in the URL', () => {
  it('reads each list\'s own filters and drops what does not belong or is not valid, one by one', () => {
    const runs = parseView(new URLSearchParams('status=missed&flag=long&method=qr&nodeId=3&taskId=x&userId=21&sort=time&page=2'));
    expect(runs).toMatchObject({ list: 'runs', status: 'missed', flag: 'long', method: '', nodeId: null, taskId: null, userId: 21, sort: 'plannedStart', page: 2 });
    const checkins = parseView(new URLSearchParams('list=checkins&status=missed&method=manual&result=repeat&nodeId=3&sort=node&order=asc'));
    expect(checkins).toMatchObject({ list: 'checkins', status: '', method: 'manual', result: 'repeat', nodeId: 3, sort: 'node', order: 'asc' });
    expect(parseView(new URLSearchParams('result=nonsense&list=checkins')).result).toBe('');
  });

  it('writes the view back short and stable, defaults left out', () => {
    const view = parseView(new URLSearchParams('list=checkins&result=late&range=custom&from=2026-11-01T08:00%2B08:00&to=2026-11-02T08:00%2B08:00&size=20'));
    expect(viewParams(view).toString()).toBe('list=checkins&range=custom&from=2026-11-01T08%3A00%2B08%3A00&to=2026-11-02T08%3A00%2B08%3A00&result=late');
    expect(viewParams(parseView(new URLSearchParams(''))).toString()).toBe('');
  });

  it('asks for the filters as the list endpoints read them, times in ms', () => {
    const view = parseView(new URLSearchParams('range=custom&from=2026-11-01T08:00%2B08:00&taskId=7&flag=short'));
    expect(runQuery(view, NOW)).toEqual({ page: 1, size: 20, sort: 'plannedStart', order: 'desc', filters: { from: String(Date.parse('2026-11-01T00:00Z')), to: '', taskId: '7', userId: '', status: '', flag: 'short' } });
    const today = checkinQuery(parseView(new URLSearchParams('list=checkins&range=today')), NOW).filters;
    expect(Number(today.to) - Number(today.from)).toBe(24 * 3600 * 1000);
  });
});
