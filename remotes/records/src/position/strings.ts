// records:position.* - a record's position on the map.

export const en = {
  show: 'Show {{lng}}, {{lat}} on the map',
  title: 'Position',
  map: 'Map of the position',
  where: 'Longitude {{lng}}, latitude {{lat}} (WGS-84)',
  loading: 'Loading the map…',
};

export const zh: typeof en = {
  show: '在地图上显示 {{lng}}, {{lat}}',
  title: '位置',
  map: '位置地图',
  where: '经度 {{lng}}，纬度 {{lat}}（WGS-84）',
  loading: '正在加载地图…',
};
