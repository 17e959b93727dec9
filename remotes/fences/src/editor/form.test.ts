import type { Fence } from '@ptt/contracts';
import { EMPTY_FORM, checkCreate, checkUpdate, dwellOf, formOf, isDirty, type FenceForm, type ShapeState } from './form';

const triangle = { type: 'polygon' as const, points: [{ lng: 116.39, lat: 39.9 }, { lng: 116.41, lat: 39.9 }, { lng: 116.4, lat: 39.92 }] };
const drawn: ShapeState = { touched: true, drawing: { coord: 'wgs84', shape: triangle } };
const untouched: ShapeState = { touched: false, drawing: null };
const noLinks = { userIds: [], channelIds: [] };

const stored: Fence = {
  id: 7,
  name: 'Depot',
  enabled: true,
  rule: 'stay',
  shape: triangle,
  coord: 0,
  dwellS: 90,
  schedule: [{ days: [1, 2], start: '08:00', end: '18:00' }],
  activeNow: true,
  insideCount: 0,
  userCount: 1,
  channelCount: 0,
  createdBy: null,
  createdAt: '2026-01-05T08:00:00.000Z',
  updatedAt: '2026-01-05T08:00:00.000Z',
};

const form = (over: Partial<FenceForm> = {}): FenceForm => ({ ...EMPTY_FORM, name: 'North gate', ...over });

describe('a new fence', () => {
  it('is refused without a name, with an illegal one, or without a drawing, in the spec words', () => {
    expect(checkCreate(form({ name: '' }), drawn, noLinks)).toEqual({ ok: false, errors: { fields: { name: 'validation.fenceNameRequired' }, windows: {} } });
    expect(checkCreate(form({ name: 'a<b>' }), drawn, noLinks)).toMatchObject({ ok: false, errors: { fields: { name: 'validation.fenceNameIllegal' } } });
    expect(checkCreate(form(), untouched, noLinks)).toMatchObject({ ok: false, errors: { fields: { shape: 'validation.fenceDrawIncorrect' } } });
  });

  it("refuses a crossed polygon ('Please draw correctly'), one across the 180th meridian, and a circle out of range", () => {
    const crossed = { type: 'polygon' as const, points: [{ lng: 0, lat: 0 }, { lng: 1, lat: 1 }, { lng: 1, lat: 0 }, { lng: 0, lat: 1 }] };
    expect(checkCreate(form(), { touched: true, drawing: { coord: 'wgs84', shape: crossed } }, noLinks)).toMatchObject({ ok: false, errors: { fields: { shape: 'validation.fenceDrawIncorrect' } } });
    const across = { type: 'polygon' as const, points: [{ lng: 179, lat: 10 }, { lng: -179, lat: 10 }, { lng: -179, lat: 11 }] };
    expect(checkCreate(form(), { touched: true, drawing: { coord: 'wgs84', shape: across } }, noLinks)).toMatchObject({ ok: false, errors: { fields: { shape: 'validation.fenceCrossesMeridian' } } });
    const huge = { type: 'circle' as const, center: { lng: 116.4, lat: 39.9 }, radius: 200_000 };
    expect(checkCreate(form(), { touched: true, drawing: { coord: 'wgs84', shape: huge } }, noLinks)).toMatchObject({ ok: false, errors: { fields: { shape: 'validation.fenceRangeInvalid' } } });
  });

  it('refuses a dwell that is not 0 to 86400 whole seconds, and a schedule window without days, on that window', () => {
    expect(checkCreate(form({ dwellMin: '1441' }), drawn, noLinks)).toMatchObject({ ok: false, errors: { fields: { dwellS: 'validation.fenceDwellInvalid' } } });
    expect(checkCreate(form({ dwellSec: '1.5' }), drawn, noLinks)).toMatchObject({ ok: false, errors: { fields: { dwellS: 'validation.fenceDwellInvalid' } } });
    expect(checkCreate(form({ dwellSec: '-3' }), drawn, noLinks)).toMatchObject({ ok: false, errors: { fields: { dwellS: 'validation.fenceDwellInvalid' } } });
    const schedule = [{ days: [1], start: '08:00', end: '09:00' }, { days: [], start: '08:00', end: '09:00' }];
    expect(checkCreate(form({ schedule }), drawn, noLinks)).toEqual({ ok: false, errors: { fields: {}, windows: { 1: 'validation.fenceScheduleInvalid' } } });
  });

  it('sends the drawing with coord 1 when drawn on GCJ-02 tiles, the dwell in seconds, days in order and the links', () => {
    const result = checkCreate(
      form({ dwellMin: '2', dwellSec: '5', schedule: [{ days: [5, 1], start: '22:00', end: '06:00' }] }),
      { touched: true, drawing: { coord: 'gcj02', shape: triangle } },
      { userIds: [21], channelIds: [] },
    );
    expect(result).toEqual({
      ok: true,
      body: { name: 'North gate', rule: 'leave', shape: triangle, coord: 1, dwellS: 125, schedule: [{ days: [1, 5], start: '22:00', end: '06:00' }], userIds: [21] },
    });
  });
});

describe('an existing fence', () => {
  it("with nothing changed is 'not modified' without asking the server", () => {
    expect(checkUpdate(formOf(stored), untouched, stored)).toEqual({ ok: false, notModified: true });
    // The same dwell typed as seconds only, and days ticked in another order, are no change either.
    const same = { ...formOf(stored), dwellMin: '0', dwellSec: '90', schedule: [{ days: [2, 1], start: '08:00', end: '18:00' }] };
    expect(checkUpdate(same, untouched, stored)).toEqual({ ok: false, notModified: true });
    expect(isDirty(same, formOf(stored), untouched)).toBe(false);
  });

  it('sends only what changed; the shape only once touched', () => {
    expect(checkUpdate({ ...formOf(stored), rule: 'leave', schedule: null }, untouched, stored)).toEqual({ ok: true, body: { rule: 'leave', schedule: null } });
    expect(checkUpdate(formOf(stored), drawn, stored)).toEqual({ ok: true, body: { shape: triangle, coord: 0 } });
    expect(isDirty(formOf(stored), formOf(stored), drawn)).toBe(true);
  });

  it("a cleared drawing is 'Please draw correctly'; an emptied name is refused", () => {
    expect(checkUpdate(formOf(stored), { touched: true, drawing: null }, stored)).toMatchObject({ ok: false, errors: { fields: { shape: 'validation.fenceDrawIncorrect' } } });
    expect(checkUpdate({ ...formOf(stored), name: ' ' }, untouched, stored)).toMatchObject({ ok: false, errors: { fields: { name: 'validation.fenceNameRequired' } } });
  });

  it('reads the dwell as minutes and seconds', () => {
    expect(formOf(stored)).toMatchObject({ dwellMin: '1', dwellSec: '30' });
    expect(dwellOf({ dwellMin: '', dwellSec: '' })).toBe(0);
  });
});
