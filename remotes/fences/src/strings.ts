export const NS = 'fences';

export const en = {
  list: { title: 'Geofence', intro: 'Fences, their state, members and linked channels.' },
  edit: { title: 'Edit geofence {{id}}', intro: 'Draw the fence as a polygon or a circle.', back: 'Back to the list' },
};

export const zh: typeof en = {
  list: { title: '电子围栏', intro: '围栏、围栏状态、成员和关联频道。' },
  edit: { title: '编辑电子围栏 {{id}}', intro: '以多边形或圆形绘制围栏。', back: '返回列表' },
};
