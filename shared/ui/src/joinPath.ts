/** '/main/record' + 'sos' -> '/main/record/sos'; '/' + 'sos' -> '/sos'. */
export function joinPath(basePath: string, child: string): string {
  return `${basePath.replace(/\/+$/, '')}/${child.replace(/^\/+/, '')}`;
}
