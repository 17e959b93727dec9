import { Button, Field, MessageBar, MessageBarBody, Radio, RadioGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ASSIGNMENT_LAYOUTS, type AssignmentLayout } from '@ptt/contracts';
import { COMMON_NS, errorKey } from '@ptt/ui';
import { NS, saveFile, useCan, useManagement } from '../../core';
import { downloadTemplate, exportAssignments } from '../api';

interface Props {
  layout: AssignmentLayout;
  onLayout: (layout: AssignmentLayout) => void;
  onFailure: (text: string | null) => void;
}

const useStyles = makeStyles({
  buttons: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** Step 1: the layout, its template and the current assignments in that layout. */
export function TemplateStep({ layout, onLayout, onFailure }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'assign' });
  const { t: tc } = useTranslation(COMMON_NS);
  const { api } = useManagement();
  const canExport = useCan('channel.export');
  const styles = useStyles();
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  const fetchFile = async (which: 'template' | 'export') => {
    setBusy(true);
    setSaved(null);
    onFailure(null);
    try {
      const file = which === 'template' ? await downloadTemplate(api, layout) : await exportAssignments(api, layout);
      const name = file.fileName ?? `channel-assignments-${layout}.xlsx`;
      saveFile(file, name);
      setSaved(name);
    } catch (e) {
      onFailure(tc(errorKey(e)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Text>{t('templateIntro')}</Text>
      <Field label={t('layout')}>
        <RadioGroup value={layout} onChange={(_e, d) => onLayout(d.value as AssignmentLayout)}>
          {ASSIGNMENT_LAYOUTS.map((l) => (
            <Radio key={l} value={l} label={t(`layouts.${l}`)} />
          ))}
        </RadioGroup>
      </Field>
      <div className={styles.buttons}>
        <Button icon={<ArrowDownloadRegular />} disabled={busy} onClick={() => void fetchFile('template')}>
          {t('downloadTemplate')}
        </Button>
        {canExport && (
          <Button icon={<ArrowDownloadRegular />} disabled={busy} onClick={() => void fetchFile('export')}>
            {t('exportCurrent')}
          </Button>
        )}
      </div>
      {saved && (
        <MessageBar intent="success">
          <MessageBarBody>{t('downloaded', { name: saved })}</MessageBarBody>
        </MessageBar>
      )}
    </>
  );
}
