export const NS = 'screen';

export const en = {
  title: 'Large screen',
  intro: 'The wall display: members on the map, SOS and channel activity.',
};

export const zh: typeof en = {
  title: '大屏',
  intro: '大屏展示：地图上的成员、SOS 和频道动态。',
};
