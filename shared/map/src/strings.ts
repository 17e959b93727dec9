import { addRemoteStrings } from '@ptt/ui';

/** i18next namespace of this package. */
export const MAP_NS = 'map';

export const mapEn = {
  /** Heading of a cluster's popup; clusters always hold two or more. */
  clusterTitle: '{{count}} members here',
  clusterMore: 'and {{count}} more',
  /** Accessible name of the list of a cluster's members. */
  clusterList: 'Members in this cluster',
  /** Added to a member's status when its position is old. */
  stale: 'position is old',
  /** Offered when the configured (online) tiles fail: the server's own base map. */
  useOfflineMap: 'Use the offline map',
  useOnlineTiles: 'Use online tiles',
  offlineMapOn: 'The built-in offline base map is shown',
  /** The location track dialog and its player (TrackDialog, TrackPlayer). */
  track: {
    title: 'Track of {{name}}',
    titleUnnamed: 'Location track',
    mapLabel: 'Map of the location track',
    loading: 'Loading the track…',
    play: 'Play',
    pause: 'Pause',
    speed: 'Speed',
    speedValue: '{{speed}}x',
    position: 'Playback position',
    follow: 'Follow',
    time: 'Time',
    currentSpeed: 'Speed',
    speedUnknown: 'Unknown',
    kmh: '{{value}} km/h',
    points: 'Point',
    pointOf: '{{index}} of {{count}}',
    close: 'Close',
  },
};

export const mapZh: typeof mapEn = {
  clusterTitle: '此处 {{count}} 名成员',
  clusterMore: '还有 {{count}} 名',
  clusterList: '此聚合中的成员',
  stale: '位置已过时',
  useOfflineMap: '使用离线地图',
  useOnlineTiles: '使用在线地图',
  offlineMapOn: '正在显示内置离线底图',
  track: {
    title: '{{name}} 的轨迹',
    titleUnnamed: '位置轨迹',
    mapLabel: '位置轨迹地图',
    loading: '正在加载轨迹…',
    play: '播放',
    pause: '暂停',
    speed: '倍速',
    speedValue: '{{speed}}x',
    position: '播放进度',
    follow: '跟随',
    time: '时间',
    currentSpeed: '速度',
    speedUnknown: '未知',
    kmh: '{{value}} 公里/小时',
    points: '轨迹点',
    pointOf: '第 {{index}} / {{count}} 个',
    close: '关闭',
  },
};

addRemoteStrings(MAP_NS, mapEn, mapZh);
