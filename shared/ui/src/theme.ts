import { createLightTheme } from '@fluentui/react-components';
import type { BrandVariants, Theme } from '@fluentui/react-components';

/** Spec section 9: control corner radius 8, card radius 12 (px). */
export const CONTROL_RADIUS = 8;
export const CARD_RADIUS = 12;

// Spec section 9: the primary colour is black. Fluent takes brand[80] as the primary background,
// the lighter steps for hover and selection, the darker ones for pressed states.
const blackRamp: BrandVariants = {
  10: '#000000',
  20: '#050505',
  30: '#0b0b0b',
  40: '#121212',
  50: '#181818',
  60: '#1f1f1f',
  70: '#262626',
  80: '#000000',
  90: '#3d3d3d',
  100: '#4f4f4f',
  110: '#616161',
  120: '#757575',
  130: '#8a8a8a',
  140: '#a3a3a3',
  150: '#bdbdbd',
  160: '#d9d9d9',
};

export const pttTheme: Theme = {
  ...createLightTheme(blackRamp),
  borderRadiusMedium: `${CONTROL_RADIUS}px`,
  borderRadiusLarge: `${CARD_RADIUS}px`,
};
