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
};

export const mapZh: typeof mapEn = {
  clusterTitle: '此处 {{count}} 名成员',
  clusterMore: '还有 {{count}} 名',
  clusterList: '此聚合中的成员',
  stale: '位置已过时',
  useOfflineMap: '使用离线地图',
  useOnlineTiles: '使用在线地图',
  offlineMapOn: '正在显示内置离线底图',
};

addRemoteStrings(MAP_NS, mapEn, mapZh);
