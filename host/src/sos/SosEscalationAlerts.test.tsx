import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERSONAL_KIND, SOS_ESCALATION_KIND } from '@ptt/contracts';
import type { SosEscalationFrame } from '@ptt/contracts';
import { setLocale } from '@ptt/ui';
import { renderHost, SESSION } from '../test/renderHost';

beforeEach(() => localStorage.clear());
afterEach(() => act(() => setLocale('en')));

const TITLE = { selector: '.fui-ToastTitle' };
const topic = `msg/listen/user/${SESSION.ent.id}/${SESSION.id}`;
const frame = (over: Partial<SosEscalationFrame> = {}): SosEscalationFrame => ({
  sosId: 31,
  uid: 5,
  account: 'member5',
  nickname: 'Member Five',
  startedAt: '2026-11-22T01:00:00.000Z',
  escalatedAt: '2026-11-22T01:01:00.000Z',
  afterS: 60,
  ...over,
});

describe('SOS escalation notice', () => {
  it('stays until closed, once per SOS, and follows the language', async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const { bus } = renderHost('/main/dispatch', { session: SESSION });
      const escalate = (f: SosEscalationFrame) => bus.publish('ws/user', { kind: PERSONAL_KIND, t: SOS_ESCALATION_KIND, data: f, topic });
      act(() => {
        escalate(frame());
        escalate(frame());
        escalate(frame({ sosId: 32, nickname: '', account: 'member6', afterS: 90 }));
      });
      const toast = await screen.findByText('SOS from Member Five not acknowledged for 60 s', TITLE);
      expect(screen.getAllByText(/Member Five/, TITLE)).toHaveLength(1);
      expect(await screen.findByText('SOS from member6 not acknowledged for 90 s', TITLE)).toBeInTheDocument();
      // Far beyond the usual 5 s.
      act(() => jest.advanceTimersByTime(60_000));
      expect(toast).toBeInTheDocument();
      act(() => setLocale('zh'));
      expect(await screen.findByText('Member Five 的 SOS 已 60 秒无人确认', TITLE)).toBeInTheDocument();
      expect(screen.getAllByRole('button', { name: '打开 SOS 管理' })).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('opens the SOS page from the notice, which then goes away', async () => {
    const { bus } = renderHost('/main/dispatch', { session: SESSION });
    act(() => bus.publish('ws/user', { kind: PERSONAL_KIND, t: SOS_ESCALATION_KIND, data: frame(), topic }));
    const toast = await screen.findByText('SOS from Member Five not acknowledged for 60 s', TITLE);
    await userEvent.click(screen.getByRole('button', { name: 'Open SOS management' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/sosManagement$/));
    await waitFor(() => expect(toast).not.toBeInTheDocument());
  });
});
