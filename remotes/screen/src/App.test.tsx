import { screen } from '@testing-library/react';
import { renderRemote } from '@ptt/ui/test/renderRemote';
import App from './App';

jest.mock('@ptt/map', () => ({ MapView: () => <div />, MemberLayer: jest.fn() }));

describe('screen remote', () => {
  it('shows the large screen under /main/screen', () => {
    renderRemote(App, { basePath: '/main/screen', url: '/main/screen' });
    expect(screen.getByTestId('screen-page')).toBeInTheDocument();
    expect(screen.getByTestId('screen-count-online')).toBeInTheDocument();
    expect(screen.getByTestId('remote-screen')).toHaveAttribute('data-build-tag', 'dev');
  });

  it('shows the large screen standalone at the root', () => {
    renderRemote(App, { basePath: '/', url: '/' });
    expect(screen.getByTestId('screen-clock')).toBeInTheDocument();
  });
});
