import { DEFAULT_SCREEN_LAYOUT, screenLayoutSchema } from '@ptt/contracts';
import { createMemoryStorage } from '@ptt/event-bus';
import { LAYOUT_STORAGE_KEY, draftOf, layoutOf, loadLayout, move, saveLayout } from './layout';

describe('layout', () => {
  it('keeps a valid layout per browser and falls back to the default for anything else', () => {
    const storage = createMemoryStorage();
    expect(loadLayout(storage)).toEqual(DEFAULT_SCREEN_LAYOUT);
    saveLayout({ map: false, left: ['alerts'], right: [] }, storage);
    expect(loadLayout(storage)).toEqual({ map: false, left: ['alerts'], right: [] });
    for (const bad of ['{', '{"map":false,"left":[],"right":[]}', '{"map":true,"left":["sos"],"right":["sos"]}', '{"map":true,"left":["weather"],"right":[]}']) {
      storage.setItem(LAYOUT_STORAGE_KEY, bad);
      expect(loadLayout(storage)).toEqual(DEFAULT_SCREEN_LAYOUT);
    }
  });

  it('edits a layout as a draft of every panel once, and back', () => {
    const draft = draftOf({ map: true, left: ['sos'], right: ['counts'] });
    expect(draft.panels).toEqual([
      { panel: 'sos', place: 'left' },
      { panel: 'counts', place: 'right' },
      { panel: 'activity', place: 'off' },
      { panel: 'alerts', place: 'off' },
    ]);
    const moved = move(draft, 'counts', -1);
    expect(layoutOf(moved)).toEqual({ map: true, left: ['sos'], right: ['counts'] });
    const both = { ...moved, panels: moved.panels.map((p) => (p.panel === 'sos' ? { ...p, place: 'right' as const } : p)) };
    expect(layoutOf(both)).toEqual({ map: true, left: [], right: ['counts', 'sos'] });
    expect(move(draft, 'sos', -1)).toBe(draft);
    expect(screenLayoutSchema.safeParse(layoutOf({ map: false, panels: draft.panels.map((p) => ({ ...p, place: 'off' as const })) })).error?.issues[0]?.message).toBe('validation.screenLayoutEmpty');
  });
});
