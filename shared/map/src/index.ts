// @ptt/map: the Leaflet map of the remotes. Positions are WGS-84 everywhere outside this package.
import './strings';

export type { LngLat, MapCoord, MemberStatus, MemberMarker, PositionPoint, PttMap, CoordChangeEvent } from './types';
export { COORD_CHANGE_EVENT } from './types';
export { MapView, usePttMap } from './MapView';
export type { MapViewProps } from './MapView';
export { MemberLayer, DEFAULT_STALE_AFTER_MS } from './members/MemberLayer';
export type { MemberLayerOptions } from './members/MemberLayer';
export { wallLayerOptions } from './members/wallOptions';
export { STATUS_COLORS } from './members/draw';
export type { Area } from './area';
export { inArea } from './area';
export { selectArea } from './selectArea';
export { MAP_CONFIG_PATH, loadMapConfig, parseMapConfig } from './config';
export type { MapConfig, TileSource } from './config';
export { MAP_NS } from './strings';
export { OFFLINE_MAP_CONFIG_PATH, getTileMode, setTileMode, useTileMode } from './tileMode';
export type { TileMode } from './tileMode';
export { TrackDialog } from './track/TrackDialog';
export type { TrackDialogProps } from './track/TrackDialog';
export { TrackPlayer } from './track/TrackPlayer';
export type { TrackPlayerProps } from './track/TrackPlayer';
export { fetchTrack } from './track/api';
export type { TrackRange } from './track/api';
export { MAX_GAP_MS, PLAYBACK_SPEEDS, Player, Timeline } from './track/playback';
export type { Clock, PlaybackSpeed, TrackPosition, TrackSample } from './track/playback';
