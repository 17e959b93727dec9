import { act, screen, within } from '@testing-library/react';
import { setLocale } from '@ptt/ui';
import type { PttStats } from '@ptt/contracts';
import { renderHost, SESSION } from '../test/renderHost';

afterEach(() => setLocale('en'));

const STATS: PttStats = {
  samples: 3,
  accessLastMs: 41,
  accessMedianMs: 40,
  accessP95Ms: 48,
  roundTripMs: 4,
  jitterBufferMs: 14,
  accessParts: { beforeRequestMs: 2, networkMs: 6, serverMs: 10, mediaServerMs: 3, renderMs: 15 },
  mouthToEar: { packetMs: 20, networkMs: 2, mediaServerMs: 0, jitterBufferMs: 14, playoutMs: null, totalMs: 36 },
  updatedAt: 1,
};

describe('diagnostics: where the PTT time goes', () => {
  it('shows the access time and mouth to ear part by part, in both languages', async () => {
    const { bus } = renderHost('/main/test', { session: SESSION });
    act(() => bus.publish('ptt/stats', STATS));
    const access = await screen.findByTestId('ptt-breakdown-access');
    // The server's own part is shown without the media server's share, which has its own line.
    expect(within(access).getByText('Press to talking: 33 ms (medians)')).toBeInTheDocument();
    expect(within(access).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Press to request 2 ms',
      'Network 6 ms',
      'Server 7 ms',
      'Media server 3 ms',
      'Answer to screen 15 ms',
    ]);
    const ear = screen.getByTestId('ptt-breakdown-ear');
    expect(within(ear).getByText('Voice to ear: about 36 ms')).toBeInTheDocument();
    expect(within(ear).getByText('Playout — ms')).toBeInTheDocument();
    act(() => setLocale('zh'));
    expect(within(screen.getByTestId('ptt-breakdown-access')).getByText('媒体服务器 3 毫秒')).toBeInTheDocument();
  });

  it('shows no breakdown before the console measured anything', async () => {
    const { bus } = renderHost('/main/test', { session: SESSION });
    act(() => bus.publish('ptt/stats', { ...STATS, accessParts: undefined, mouthToEar: undefined }));
    expect(await screen.findByTestId('check-ptt')).toBeInTheDocument();
    expect(screen.queryByTestId('ptt-breakdown-access')).toBeNull();
  });
});
