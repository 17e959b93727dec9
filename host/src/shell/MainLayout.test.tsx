import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderHost, SESSION } from '../test/renderHost';

beforeEach(() => localStorage.clear());

describe('kept pages', () => {
  it('keeps the dispatch remote mounted, hidden, while another page shows', async () => {
    const { remotes } = renderHost('/main/dispatch', { session: SESSION });
    const dispatch = await screen.findByTestId('remote-dispatch');
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    await userEvent.click(within(menu).getByRole('link', { name: 'Screen' }));
    expect(await screen.findByTestId('remote-screen')).toBeVisible();
    expect(dispatch).toBeInTheDocument();
    expect(dispatch).not.toBeVisible();
    await userEvent.click(within(menu).getByRole('link', { name: 'Dispatch' }));
    expect(screen.getByTestId('remote-dispatch')).toBe(dispatch);
    expect(dispatch).toBeVisible();
    expect(remotes.load.mock.calls.filter(([n]) => n === 'dispatch')).toHaveLength(1);
  });
});
