import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BASE, dashboard, elapse, queriesOf, renderPatrol, searchNow } from '../record/test';

const PATH = '/api/patrol/dashboard';
const answers = { [PATH]: dashboard() };

describe('patrol dashboard days and updates', () => {
  it('asks for the last 7 days by default, 30 days or custom days from the URL, and refuses more than 31', async () => {
    const { get } = renderPatrol({ url: `${BASE}/dashboard`, answers });
    await screen.findByTestId('patrol-today-runs');
    const first = queriesOf(get, PATH)[0]!;
    expect(Object.keys(first).sort()).toEqual(['from', 'to']);
    const span = (q: Record<string, unknown>) => (Date.parse(String(q.to)) - Date.parse(String(q.from))) / 86_400_000 + 1;
    expect(span(first)).toBe(7);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Days shown' }), 'Last 30 days');
    await waitFor(() => expect(searchNow().toString()).toBe('range=30d'));
    await waitFor(() => expect(span(queriesOf(get, PATH).at(-1)!)).toBe(30));

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Days shown' }), 'Custom');
    // Custom starts from the days shown, so the request does not change until a day is picked.
    await waitFor(() => expect(searchNow().get('range')).toBe('custom'));
    expect(searchNow().get('from')).toBe(queriesOf(get, PATH).at(-1)!.from);
  });

  it('reads custom days from a link and says when they are too many', async () => {
    const { get } = renderPatrol({ url: `${BASE}/dashboard?range=custom&from=2026-10-01&to=2026-11-28`, answers });
    expect(await screen.findByText('At most 31 days at once.')).toBeInTheDocument();
    expect(queriesOf(get, PATH)).toEqual([]);
  });

  it('follows ws/patrol check-ins, at most one refetch a second through a burst', async () => {
    const { get, bus } = renderPatrol({ url: `${BASE}/dashboard?range=custom&from=2026-11-26&to=2026-11-28`, answers });
    await screen.findByTestId('patrol-today-runs');
    expect(queriesOf(get, PATH)).toEqual([{ from: '2026-11-26', to: '2026-11-28' }]);
    const checkin = (id: number) =>
      act(() => bus.publish('ws/patrol', { kind: 'PatrolChange', topic: 'dispatch/100001', data: { what: 'checkin', id, run: null } }));
    // A burst over 600 ms: one refetch at once, one more when the second is over.
    for (let i = 0; i < 7; i += 1) {
      checkin(i);
      await elapse(100);
    }
    await waitFor(() => expect(queriesOf(get, PATH)).toHaveLength(2));
    await elapse(500);
    await waitFor(() => expect(queriesOf(get, PATH)).toHaveLength(3));
    // A node change moves no figure.
    act(() => bus.publish('ws/patrol', { kind: 'PatrolChange', topic: 'dispatch/100001', data: { what: 'node', id: 1, run: null } }));
    await elapse(400);
    expect(queriesOf(get, PATH)).toHaveLength(3);
  });
});
