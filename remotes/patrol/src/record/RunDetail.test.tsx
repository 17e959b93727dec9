import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type * as React from 'react';
import userEvent from '@testing-library/user-event';
import { RunDetailDialog } from './RunDetailDialog';
import { renderPart, run, runDetail } from './test';

// Leaflet draws in a real browser (e2e); here the map is a box whose projection is a plain sum, so
// the overlay's marks can be found, and the run is read from the marks' data and the stops table.
const mockMap = {
  toLatLng: (p: { lng: number; lat: number }) => ({ lat: p.lat, lng: p.lng }),
  leaflet: {
    on: jest.fn(),
    off: jest.fn(),
    invalidateSize: jest.fn(),
    fitBounds: jest.fn(),
    latLngToContainerPoint: (ll: { lat: number; lng: number }) => ({ x: (ll.lng - 116) * 1000, y: (40 - ll.lat) * 1000 }),
  },
};
jest.mock('@ptt/map', () => {
  const { useEffect } = jest.requireActual<typeof React>('react');
  return {
    COORD_CHANGE_EVENT: 'ptt:coordchange',
    MapView: ({ onReady, ariaLabel, children }: { onReady: (m: unknown) => void; ariaLabel: string; children?: unknown }) => {
      useEffect(() => onReady(mockMap), [onReady]);
      return (
        <div role="region" aria-label={ariaLabel}>
          {children as never}
        </div>
      );
    },
  };
});

const PATH = '/api/patrol/runs/501';
const stopMark = (seq: number) => screen.getByTestId(`replay-stop-${seq}`);
const slider = () => screen.getByRole<HTMLInputElement>('slider', { name: 'Replay time' });
/** Moves the replay to `iso` (the slider counts seconds from the run's start, 08:00). */
const seek = (iso: string) => fireEvent.change(slider(), { target: { value: String((Date.parse(iso) - Date.parse('2026-11-28T08:00:00Z')) / 1000) } });

describe('a run\'s detail', () => {
  it('lists the stops by result and replays the run: stops take their result as they were checked in, the member walks the track', async () => {
    renderPart(<RunDetailDialog run={run()} onClose={() => undefined} />, { answers: { [PATH]: runDetail() } });
    const dialog = await screen.findByRole('dialog', { name: /^Yard round, / });
    const stop = async (seq: number) => within(await within(dialog).findByTestId(`patrol-stop-${seq}`)).getAllByRole('cell').map((c) => c.textContent);
    expect((await stop(0)).slice(0, 2)).toEqual(['1', 'Gate']);
    expect((await stop(0))[3]).toBe('On time');
    expect((await stop(1))[3]).toBe('Missed');
    expect((await stop(2))[3]).toBe('Late');
    expect((await stop(2))[5]).toBe('Guard One (guard1)');
    expect(within(dialog).getByRole('region', { name: 'Map of the run: planned stops and the members\' tracks' })).toBeInTheDocument();
    await waitFor(() => expect(mockMap.leaflet.fitBounds).toHaveBeenCalled());

    // At the start nothing is settled yet and the member stands at the gate.
    expect(slider().value).toBe('0');
    expect([0, 1, 2].map((s) => stopMark(s).getAttribute('data-result'))).toEqual(['pending', 'pending', 'pending']);
    const member = screen.getByTestId('replay-member-21');
    expect(within(member).getByText('Guard One')).toBeInTheDocument();
    const markAt = () => member.querySelector('circle')!.getAttribute('cx');
    const atGate = markAt();

    seek('2026-11-28T08:01:00Z');
    expect([0, 1, 2].map((s) => stopMark(s).getAttribute('data-result'))).toEqual(['onTime', 'pending', 'pending']);
    expect(screen.getByTestId('replay-latest')).toHaveTextContent(/Gate: On time \(Guard One\)/);
    expect(markAt()).not.toBe(atGate);

    // The warehouse shows missed once the yard, later in the route, was checked in.
    seek('2026-11-28T08:27:00Z');
    expect([0, 1, 2].map((s) => stopMark(s).getAttribute('data-result'))).toEqual(['onTime', 'missed', 'late']);
    expect(screen.getByTestId('replay-latest')).toHaveTextContent(/Yard: Late/);
  });

  it('plays from the start when asked', async () => {
    renderPart(<RunDetailDialog run={run()} onClose={() => undefined} />, { answers: { [PATH]: runDetail() } });
    const play = await screen.findByRole('button', { name: 'Play' });
    await userEvent.click(play);
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
    // 60x: a few hundred ms of the page's clock are several seconds of the run.
    await waitFor(() => expect(Number(slider().value)).toBeGreaterThan(5));
    await userEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('says so when no position was stored for the run', async () => {
    renderPart(<RunDetailDialog run={run()} onClose={() => undefined} />, { answers: { [PATH]: runDetail({ tracks: [] }) } });
    expect(await screen.findByText(/No position was stored/)).toBeInTheDocument();
    expect(screen.getByTestId('replay-stop-0')).toBeInTheDocument();
  });
});
