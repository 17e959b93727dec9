export { XLSX_TYPE, fakeResponse, installFakeFetch, refusalResponse } from './fakeFetch';
export type { FetchCall } from './fakeFetch';
