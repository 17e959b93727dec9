// Stands in for @ptt/map in the page tests (jest.mock): jsdom lays nothing out and has no canvas,
// and the real map and drawing are tested in @ptt/map. The stub map is ready at once; each
// ShapeLayer made is kept so a test can "draw" through it.
import { useEffect } from 'react';
import type { Drawing, DrawnShape, FenceDrawing, ShapeKind, ShapeLayerOptions } from '@ptt/map';

export const made: ShapeLayer[] = [];
let coord: 'wgs84' | 'gcj02' = 'wgs84';

/** The system of the stub tiles (Google and AMap tiles are GCJ-02). */
export function setStubCoord(next: 'wgs84' | 'gcj02'): void {
  coord = next;
}

export function MapView({ ariaLabel, onReady }: { ariaLabel: string; onReady?: (map: unknown) => void }) {
  useEffect(() => onReady?.({ coord }), [onReady]);
  return <div role="region" aria-label={ariaLabel} />;
}

let overlaid: readonly FenceDrawing[] = [];

/** The fences the read-only overlay shows now (the list's preview). */
export function overlayFences(): readonly FenceDrawing[] {
  return overlaid;
}

export function FenceOverlay({ fences }: { fences: readonly FenceDrawing[] }) {
  overlaid = fences;
  return null;
}

export class ShapeLayer {
  shown: DrawnShape | null = null;
  mode: ShapeKind | null = null;
  destroyed = false;

  constructor(
    _map: unknown,
    readonly options: ShapeLayerOptions = {},
  ) {
    made.push(this);
  }

  show(shape: DrawnShape | null): void {
    this.shown = shape;
  }

  draw(kind: ShapeKind): void {
    this.mode = kind;
    this.options.onDrawMode?.(kind);
  }

  cancelDraw(): void {
    this.mode = null;
    this.options.onDrawMode?.(null);
  }

  clear(): void {
    this.shown = null;
    this.options.onChange?.(null);
  }

  fit(): void {}

  destroy(): void {
    this.destroyed = true;
  }

  /** What the user does with the mouse: finishes a drawing (in the stub tiles' system). */
  userDraws(shape: DrawnShape): void {
    this.mode = null;
    this.options.onDrawMode?.(null);
    const drawing: Drawing = { shape, coord };
    this.options.onChange?.(drawing);
  }
}

/** The newest live layer (the editor's, or the preview's). */
export function lastLayer(): ShapeLayer {
  const live = made.filter((l) => !l.destroyed);
  const layer = live[live.length - 1];
  if (!layer) throw new Error('no ShapeLayer on a map');
  return layer;
}
