import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setLocale } from '@ptt/ui';
import { BASE, dashboard, renderPatrol } from '../record/test';

afterEach(() => act(() => setLocale('en')));

const PATH = '/api/patrol/dashboard';
const answers = { [PATH]: dashboard() };
const figure = (name: string) => screen.getByTestId(`patrol-today-${name}`);

describe('patrol dashboard', () => {
  it('shows today\'s figures and both charts with their titles, in English and Chinese', async () => {
    renderPatrol({ url: `${BASE}/dashboard`, answers });
    expect(await screen.findByTestId('patrol-today-runs')).toHaveTextContent('Runs12');
    expect(figure('active')).toHaveTextContent('Active now2');
    expect(figure('completionRate')).toHaveTextContent('Completion rate80%');
    expect(figure('onTime')).toHaveTextContent('On time31');
    expect(figure('late')).toHaveTextContent('Late5');
    expect(figure('missed')).toHaveTextContent('Missed checkpoints3');
    expect(figure('flagged')).toHaveTextContent('Flagged runs1');

    const days = screen.getByRole('figure', { name: 'Checkpoints per day' });
    // recharts draws an SVG with the chart's title; one stacked bar per result and day.
    expect([...days.querySelectorAll('svg title')].map((e) => e.textContent)).toContain('Checkpoints per day');
    expect(days.querySelectorAll('.recharts-bar-rectangle').length).toBeGreaterThan(0);
    const members = screen.getByRole('figure', { name: 'Most active members' });
    expect(within(members).getByText('Guard One')).toBeInTheDocument();

    act(() => setLocale('zh'));
    expect(await screen.findByRole('figure', { name: '每日巡更点' })).toBeInTheDocument();
    expect(figure('missed')).toHaveTextContent('漏检点3');
    expect(figure('completionRate')).toHaveTextContent('完成率80%');
  });

  it('shows a chart\'s numbers as a table', async () => {
    renderPatrol({ url: `${BASE}/dashboard`, answers });
    const days = await screen.findByRole('figure', { name: 'Checkpoints per day' });
    await userEvent.click(within(days).getByRole('switch', { name: 'Show as table' }));
    const table = within(days).getByRole('table', { name: 'Checkpoints per day' });
    // Day, runs, on time, early, late, missed, completion rate (8 complete of 10 finished).
    expect(within(within(table).getByTestId('patrol-day-2026-11-28')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['2026-11-28', '12', '32', '2', '4', '2', '80%']);
    const members = screen.getByRole('figure', { name: 'Most active members' });
    await userEvent.click(within(members).getByRole('switch', { name: 'Show as table' }));
    expect(within(screen.getByTestId('patrol-member-22')).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Guard Two (guard2)', '12', '10', '0', '2']);
  });
});
