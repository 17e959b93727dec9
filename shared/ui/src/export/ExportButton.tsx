import { Body1, Menu, MenuButton, MenuItem, MenuList, MenuPopover, MenuTrigger, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, RECORD_EXPORT_ROWS_MAX } from '@ptt/contracts';
import { COMMON_NS, HTML_LANG, currentLocale } from '../i18n/i18n';
import { errorKey } from '../kit/errors';
import { ProgressDialog } from '../kit/ProgressDialog';
import { EXPORT_NS } from './strings';
import { useExport, type ExportRun, type ExportTarget } from './useExport';

/** Export of the filtered rows: a format to choose, then the progress until the file is saved. */
export function ExportButton<F extends Record<string, string>>(target: ExportTarget<F>) {
  const { t } = useTranslation(EXPORT_NS);
  const { run, start, stop, close } = useExport(target);
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <MenuButton icon={<ArrowDownloadRegular />} disabled={run?.state === 'running'}>
            {t('button')}
          </MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            {EXPORT_FORMATS.map((format) => (
              <MenuItem key={format} onClick={() => void start(format)}>
                {t(format)}
              </MenuItem>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
      {run && (
        <ProgressDialog
          title={t(`title.${run.format}`)}
          progress={{ done: run.rows, total: run.total ?? (run.state === 'done' ? run.rows : 0) }}
          state={run.state === 'failed' ? 'stopped' : run.state}
          onStop={stop}
          onClose={close}
        >
          <ExportNote run={run} />
        </ProgressDialog>
      )}
    </>
  );
}

function ExportNote({ run }: { run: ExportRun }) {
  const { t } = useTranslation(EXPORT_NS);
  const { t: common } = useTranslation(COMMON_NS);
  const numbers = new Intl.NumberFormat(HTML_LANG[currentLocale()]);
  if (run.state === 'failed') {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{failureText(run.error, t, common, numbers)}</MessageBarBody>
      </MessageBar>
    );
  }
  if (run.state === 'done') {
    // Without a progress frame (the socket was down) the count is not known; the file is there all the same.
    return <Body1 role="status">{run.total === null ? t('savedFile') : t('saved', { count: run.rows, rows: numbers.format(run.rows) })}</Body1>;
  }
  return <Body1>{run.total === null && run.state === 'running' ? t('preparing') : t('what')}</Body1>;
}

type T = (key: string, values?: Record<string, unknown>) => string;

/** A refusal in its own words; too many rows (2004 with maxRows) says to narrow the filters. */
export function failureText(error: unknown, t: T, common: T, numbers: Intl.NumberFormat): string {
  const maxRows = (error as { data?: { maxRows?: unknown } } | null)?.data?.maxRows;
  if (typeof maxRows === 'number') return t('tooMany', { max: numbers.format(maxRows || RECORD_EXPORT_ROWS_MAX) });
  return common(errorKey(error));
}
