import { Body1, Button } from '@fluentui/react-components';
import { DeleteRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog, type RowId } from '@ptt/ui';
import { NS } from '../core/ns';
import { usePatrolRecordsDeleteMutation } from './api';
import type { RecordList } from './view';

interface Props {
  list: RecordList;
  selected: ReadonlySet<RowId>;
  onDeleted: (count: number) => void;
}

/** Deletes the selected runs (with their check-ins) or check-ins, after asking (operation PatrolLogDelete). */
export function DeleteRecords({ list, selected, onDeleted }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'record.delete' });
  const [asking, setAsking] = useState(false);
  const [remove] = usePatrolRecordsDeleteMutation();
  const ids = [...selected].map(Number);
  const count = ids.length;
  return (
    <>
      <Button icon={<DeleteRegular />} disabled={count === 0} onClick={() => setAsking(true)}>
        {t('button')}
      </Button>
      {asking && (
        <ConfirmDialog
          title={t(list === 'runs' ? 'runsTitle' : 'checkinsTitle', { count })}
          confirmLabel={t('confirm')}
          onConfirm={async () => {
            await remove(list === 'runs' ? { runIds: ids } : { checkinIds: ids }).unwrap();
            setAsking(false);
            onDeleted(count);
          }}
          onClose={() => setAsking(false)}
        >
          <Body1>{t(list === 'runs' ? 'runsText' : 'checkinsText')}</Body1>
        </ConfirmDialog>
      )}
    </>
  );
}
