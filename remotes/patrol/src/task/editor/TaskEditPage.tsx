import { Button, MessageBar, MessageBarBody, Spinner, Title1 } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { ServerCode } from '@ptt/contracts';
import { COMMON_NS, errorKey } from '@ptt/ui';
import { NS } from '../../core';
import { usePatrolTaskQuery } from '../api';
import { TaskEditor } from './TaskEditor';

interface Props {
  /** 'new' or the task's id, from `?edit=`. */
  param: string;
  onClose: (done?: { kind: 'created' | 'saved'; name: string }) => void;
}

/** A task id the server could hold; anything else is not a task. */
function taskId(param: string): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** The editor of `?edit=new` or `?edit=<id>` (the task loaded first). */
export function TaskEditPage({ param, onClose }: Props) {
  if (param === 'new') return <TaskEditor stored={null} onClose={onClose} />;
  return <StoredTask param={param} onClose={onClose} />;
}

function StoredTask({ param, onClose }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'task.editor' });
  const { t: tCommon } = useTranslation(COMMON_NS);
  const id = taskId(param);
  const result = usePatrolTaskQuery(id ?? 0, { skip: id === null });
  // One editor per task: its form starts from the first answer.
  if (result.data && result.data.id === id) return <TaskEditor key={id} stored={result.data} onClose={onClose} />;
  const missing = id === null || (result.error as { code?: number } | undefined)?.code === ServerCode.NotFound;
  return (
    <section aria-labelledby="patrol-task-edit-title">
      <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={() => onClose()}>
        {t('back')}
      </Button>
      <Title1 as="h1" block id="patrol-task-edit-title">
        {t('titleLoading', { id: param })}
      </Title1>
      {missing ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t('notFound')}</MessageBarBody>
        </MessageBar>
      ) : result.error ? (
        <MessageBar intent="error">
          <MessageBarBody>{tCommon(errorKey(result.error))}</MessageBarBody>
        </MessageBar>
      ) : (
        <Spinner size="small" label={t('loading')} />
      )}
    </section>
  );
}
