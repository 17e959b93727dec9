// Environment listen and monitor: the dialog the command bar opens, and its slice.
export { MonitorDialog } from './MonitorDialog';
export { monitorOpened, monitorSlice } from './slice';
export { monitorEn, monitorZh } from './strings';
