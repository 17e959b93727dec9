import type { SocketStatus } from '@ptt/contracts';

export type ConnectionView =
  | { view: 'open' }
  | { view: 'connecting' }
  | { view: 'reconnecting'; attempt: number }
  | { view: 'idle' };

/**
 * What the header shows for the bridge's status: after a drop the bridge alternates closed and
 * connecting while its failure count rises; both read as "reconnecting, attempt n".
 */
export function connectionView(status: SocketStatus | undefined): ConnectionView {
  if (!status) return { view: 'idle' };
  switch (status.state) {
    case 'open':
      return { view: 'open' };
    case 'idle':
      return { view: 'idle' };
    case 'connecting':
    case 'closed':
      return status.failures > 0 ? { view: 'reconnecting', attempt: status.failures } : { view: 'connecting' };
  }
}
