import { useEffect, useState } from 'react';
import { MAP_CONFIG_PATH } from './config';

/** 'configured': the server's MAP_TILES (online by default); 'offline': its built-in tiles. */
export type TileMode = 'configured' | 'offline';

/** The server's built-in tiles for every type and style, whatever MAP_TILES says. */
export const OFFLINE_MAP_CONFIG_PATH = `${MAP_CONFIG_PATH}?tiles=offline`;

/**
 * localStorage key: 'offline' after the user chose the built-in base map. Kept here rather than
 * in contracts' STORAGE_KEYS: contracts is shared from the host at run time, and a remote built
 * with a newer key must not depend on a host built before it (ADR 001, remotes deploy alone).
 */
export const TILE_MODE_KEY = 'mapTiles';

// Every mounted map follows one choice: this page's through an event, other tabs' through `storage`.
const CHANGE_EVENT = 'ptt-map-tiles';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getTileMode(): TileMode {
  return storage()?.getItem(TILE_MODE_KEY) === 'offline' ? 'offline' : 'configured';
}

/** Kept in localStorage so the choice survives a reload (a closed network stays closed). */
export function setTileMode(mode: TileMode): void {
  const s = storage();
  if (mode === 'offline') s?.setItem(TILE_MODE_KEY, 'offline');
  else s?.removeItem(TILE_MODE_KEY);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

export function mapConfigPathFor(mode: TileMode): string {
  return mode === 'offline' ? OFFLINE_MAP_CONFIG_PATH : MAP_CONFIG_PATH;
}

export function useTileMode(): TileMode {
  const [mode, setMode] = useState(getTileMode);
  useEffect(() => {
    const update = () => setMode(getTileMode());
    window.addEventListener(CHANGE_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(CHANGE_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return mode;
}
