import type { CSSProperties } from 'react';

// The screen's one size unit: 1/120 of the viewport width, clamped (16 px at 1920, 32 px at
// 3840), as a CSS variable on the screen's root, so 3840x2160 is 1920x1080 at twice the size and
// nothing outside the screen (the shell's other pages) changes. The root's font size is one unit,
// so `em` inside is the same unit for plain text.
export const UNIT_VAR = '--screen-u';
export const UNIT = 'clamp(12px, calc(100vw / 120), 40px)';

/** n units, e.g. u(2) = twice the root font size of the screen. */
export const u = (n: number): string => `calc(var(${UNIT_VAR}) * ${n})`;

// A ratio, not Fluent's 20 px: text set in units keeps its proportions at 4K instead of clipping.
export const rootUnitStyle = { [UNIT_VAR]: UNIT, fontSize: `var(${UNIT_VAR})`, lineHeight: 1.3 } as CSSProperties;
