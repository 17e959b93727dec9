import { DEFAULT_SCREEN_LAYOUT, SCREEN_PANELS, screenLayoutSchema } from '@ptt/contracts';
import type { ScreenLayout, ScreenPanel } from '@ptt/contracts';

/** Where the console keeps its own screen's layout (per browser; a display's is on the server). */
export const LAYOUT_STORAGE_KEY = 'ptt.screen.layout';

/** The stored layout when it is one the contracts accept, else the default. */
export function loadLayout(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ScreenLayout {
  try {
    const raw = storage?.getItem(LAYOUT_STORAGE_KEY);
    if (!raw) return DEFAULT_SCREEN_LAYOUT;
    const parsed = screenLayoutSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_SCREEN_LAYOUT;
  } catch {
    return DEFAULT_SCREEN_LAYOUT;
  }
}

export function saveLayout(layout: ScreenLayout, storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage): void {
  try {
    storage?.setItem(LAYOUT_STORAGE_KEY, JSON.stringify(layout));
  } catch {
    // Storage full or refused: the layout lasts until the page is closed.
  }
}

export type Placement = 'left' | 'right' | 'off';

/** What the Panels dialog edits: every panel once, in its order, with where it goes. */
export interface LayoutDraft {
  map: boolean;
  panels: { panel: ScreenPanel; place: Placement }[];
}

export function draftOf(layout: ScreenLayout): LayoutDraft {
  const placed = [...layout.left.map((panel) => ({ panel, place: 'left' as const })), ...layout.right.map((panel) => ({ panel, place: 'right' as const }))];
  const off = SCREEN_PANELS.filter((p) => !placed.some((x) => x.panel === p)).map((panel) => ({ panel, place: 'off' as const }));
  return { map: layout.map, panels: [...placed, ...off] };
}

/** The draft as the layout the schema checks (and the server stores). */
export function layoutOf(draft: LayoutDraft): ScreenLayout {
  return {
    map: draft.map,
    left: draft.panels.filter((p) => p.place === 'left').map((p) => p.panel),
    right: draft.panels.filter((p) => p.place === 'right').map((p) => p.panel),
  };
}

/** Moves a panel one step up (-1) or down (+1) in the draft's order. */
export function move(draft: LayoutDraft, panel: ScreenPanel, by: -1 | 1): LayoutDraft {
  const i = draft.panels.findIndex((p) => p.panel === panel);
  const j = i + by;
  if (i < 0 || j < 0 || j >= draft.panels.length) return draft;
  const panels = [...draft.panels];
  [panels[i], panels[j]] = [panels[j]!, panels[i]!];
  return { ...draft, panels };
}
