import { useCallback, useEffect, useRef, useState } from 'react';
import { EXPORT_PROGRESS_KIND, type ExportFormat } from '@ptt/contracts';
import { useDataBus } from '../data/DataProvider';
import { HTML_LANG, currentLocale } from '../i18n/i18n';
import type { TableQuery } from '../kit/tableTypes';
import { useBusState } from '../useBusState';
import { downloadExport, exportQuery, newExportId, saveFile } from './exportFile';

export interface ExportRun {
  format: ExportFormat;
  state: 'running' | 'done' | 'stopped' | 'failed';
  /** Rows written so far and of how many; null until the server's first progress frame. */
  rows: number;
  total: number | null;
  /** Why it failed: the refusal as it was thrown. */
  error: unknown;
}

export interface ExportTarget<F extends Record<string, string> = Record<string, string>> {
  /** The export endpoint of the list shown. */
  path: string;
  /** The list's query: its filters and sort go along (not its page). */
  query: TableQuery<F>;
  /** The saved file's name when the server gives none ('sos-records' -> sos-records.xlsx). */
  baseName: string;
}

/**
 * One export at a time: the download, its progress from the server's ExportProgress frames
 * (Personal frames on ws/user, matched by the export's id), cancel, and the save under the
 * server's file name. Leaving the page cancels a running export. Inside a DataProvider (its bus
 * carries the frames and the session's token).
 */
export function useExport<F extends Record<string, string>>({ path, query, baseName }: ExportTarget<F>) {
  const bus = useDataBus();
  const token = useBusState(bus, 'session')?.auth_token ?? null;
  const [run, setRun] = useState<ExportRun | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const start = useCallback(
    async (format: ExportFormat) => {
      if (abort.current) return;
      const exportId = newExportId();
      const controller = new AbortController();
      abort.current = controller;
      setRun({ format, state: 'running', rows: 0, total: null, error: null });
      // Listening before the request goes, so the first frame is not missed.
      const frames = bus.on('ws/user').subscribe((event) => {
        if (event.kind !== 'Personal' || event.t !== EXPORT_PROGRESS_KIND || event.data.exportId !== exportId) return;
        const { rows, total } = event.data;
        setRun((r) => (r?.state === 'running' ? { ...r, rows, total } : r));
      });
      try {
        const file = await downloadExport({
          path,
          query: exportQuery(query, format, exportId),
          token,
          // The file's headers in the interface language, which may not be the browser's.
          language: HTML_LANG[currentLocale()],
          signal: controller.signal,
        });
        saveFile(file, `${baseName}.${format}`);
        // The last frame may come after the file: the file holds every row of the count.
        setRun((r) => r && { ...r, state: 'done', rows: r.total === null ? r.rows : Math.max(r.total, r.rows) });
      } catch (error) {
        const cancelled = controller.signal.aborted;
        setRun((r) => r && { ...r, state: cancelled ? 'stopped' : 'failed', error: cancelled ? null : error });
      } finally {
        frames.unsubscribe();
        abort.current = null;
      }
    },
    [bus, token, path, query, baseName],
  );

  const stop = useCallback(() => abort.current?.abort(), []);
  const close = useCallback(() => setRun(null), []);
  return { run, start, stop, close };
}
