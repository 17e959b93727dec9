import { addRemoteStrings } from '../i18n/i18n';

// export:* - a list's filtered rows to a spreadsheet or CSV (the kit's ExportButton).
export const EXPORT_NS = 'export';

export const en = {
  button: 'Export',
  xlsx: 'Excel (.xlsx)',
  csv: 'CSV (.csv)',
  title: { xlsx: 'Export to Excel', csv: 'Export to CSV' },
  what: 'The rows of the current filters and sort, as one file.',
  preparing: 'Counting the rows…',
  savedFile: 'The file is saved.',
  saved_one: 'Saved {{rows}} row.',
  saved_other: 'Saved {{rows}} rows.',
  tooMany: 'More than {{max}} rows: narrow the filters.',
};

export const zh: typeof en = {
  button: '导出',
  xlsx: 'Excel (.xlsx)',
  csv: 'CSV (.csv)',
  title: { xlsx: '导出为 Excel', csv: '导出为 CSV' },
  what: '按当前筛选和排序导出全部记录，生成一个文件。',
  preparing: '正在统计记录数…',
  savedFile: '文件已保存。',
  saved_one: '已保存 {{rows}} 条记录。',
  saved_other: '已保存 {{rows}} 条记录。',
  tooMany: '超过 {{max}} 条记录：请缩小筛选范围。',
};

addRemoteStrings(EXPORT_NS, en, zh);
