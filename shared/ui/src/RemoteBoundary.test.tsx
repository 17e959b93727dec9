import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initI18n } from './i18n/i18n';
import { RemoteBoundary } from './RemoteBoundary';
import type { RemoteModule } from './RemoteBoundary';

function Hello({ who }: { who: string }) {
  return <p>hello {who}</p>;
}

beforeAll(() => initI18n());

describe('RemoteBoundary', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('renders the remote once it has loaded', async () => {
    const load = () => Promise.resolve<RemoteModule<{ who: string }>>({ default: Hello });
    render(<RemoteBoundary name="demo" load={load} componentProps={{ who: 'world' }} />);
    expect(await screen.findByText('hello world')).toBeInTheDocument();
  });

  it('offers Retry when the load fails and recovers after Retry', async () => {
    let available = false;
    const load = jest.fn(() =>
      available
        ? Promise.resolve<RemoteModule<{ who: string }>>({ default: Hello })
        : Promise.reject(new Error('remote entry 404')),
    );
    const onRetry = jest.fn();
    render(<RemoteBoundary name="demo" load={load} componentProps={{ who: 'again' }} onRetry={onRetry} />);

    expect(await screen.findByText('This module is unavailable right now.')).toBeInTheDocument();
    const retry = screen.getByRole('button', { name: 'Retry' });

    available = true;
    await userEvent.click(retry);
    expect(await screen.findByText('hello again')).toBeInTheDocument();
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('keeps offering Retry while the remote stays down', async () => {
    const load = jest.fn(() => Promise.reject(new Error('down')));
    render(<RemoteBoundary name="demo" load={load} componentProps={{}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});
