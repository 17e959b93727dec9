// records:core.* - the filters and the cells every record table shares.

export const en = {
  none: '—',
  filters: {
    label: 'Filters',
    range: 'Time',
    any: 'Any time',
    today: 'Today',
    '7d': 'Last 7 days',
    '30d': 'Last 30 days',
    custom: 'Custom',
    from: 'From',
    to: 'To',
    anyMember: 'All members',
    device: 'Device',
    type: 'Type',
    anyType: 'All types',
    mine: 'Only my records',
    reset: 'Clear filters',
  },
  user: '{{nickname}} ({{account}})',
  duration: {
    days: '{{d}} d {{h}} h',
    hours: '{{h}} h {{m}} min',
    minutes: '{{m}} min {{s}} s',
    seconds: '{{s}} s',
  },
  empty: 'No records match these filters',
};

export const zh: typeof en = {
  none: '—',
  filters: {
    label: '筛选',
    range: '时间',
    any: '全部时间',
    today: '今天',
    '7d': '最近7天',
    '30d': '最近30天',
    custom: '自定义',
    from: '开始',
    to: '结束',
    anyMember: '全部成员',
    device: '设备',
    type: '类型',
    anyType: '全部类型',
    mine: '只看我的记录',
    reset: '清除筛选',
  },
  user: '{{nickname}}（{{account}}）',
  duration: {
    days: '{{d}}天{{h}}小时',
    hours: '{{h}}小时{{m}}分钟',
    minutes: '{{m}}分钟{{s}}秒',
    seconds: '{{s}}秒',
  },
  empty: '没有符合筛选条件的记录',
};
