import { screen } from '@testing-library/react';
import { renderRemote } from '@ptt/ui/test/renderRemote';
import App from './App';

describe('management remote', () => {
  it.each([
    ['/main/userManagement', 'Users'],
    ['/main/channelManagement', 'Channels'],
    ['/main/deviceManagement', 'Devices'],
  ])('mounted under %s shows %s', (basePath, title) => {
    renderRemote(App, { basePath, url: basePath });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByTestId('remote-management')).toHaveAttribute('data-build-tag', 'dev');
  });

  it('standalone, starts on the users page', async () => {
    renderRemote(App, { basePath: '/', url: '/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/userManagement');
  });
});
