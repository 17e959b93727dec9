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
};

export const mapZh: typeof mapEn = {
  clusterTitle: '此处 {{count}} 名成员',
  clusterMore: '还有 {{count}} 名',
  clusterList: '此聚合中的成员',
  stale: '位置已过时',
};

addRemoteStrings(MAP_NS, mapEn, mapZh);
