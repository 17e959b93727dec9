import { MessageBar, MessageBarBody, Spinner, Title1 } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { ServerCode } from '@ptt/contracts';
import { COMMON_NS, errorKey } from '@ptt/ui';
import { NS, useFenceQuery } from '../core';
import { FenceEditor } from './FenceEditor';

/** A path id the server could hold; anything else is not a fence. */
function fenceId(param: string | undefined): number | null {
  const id = Number(param);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** Route `edit/:id` (the id from the path) and `edit/new`. */
export function FenceEditPage() {
  const { id: param } = useParams();
  if (param === 'new') return <FenceEditor stored={null} />;
  return <StoredFence param={param ?? ''} />;
}

function StoredFence({ param }: { param: string }) {
  const { t } = useTranslation(NS, { keyPrefix: 'editor' });
  const { t: tCommon } = useTranslation(COMMON_NS);
  const id = fenceId(param);
  const result = useFenceQuery(id ?? 0, { skip: id === null });
  // One editor per fence: its form starts from the first answer and follows later ones itself.
  if (result.data && result.data.id === id) return <FenceEditor key={id} stored={result.data} />;
  const missing = id === null || (result.error as { code?: number } | undefined)?.code === ServerCode.NotFound;
  return (
    <section aria-labelledby="fence-edit-title">
      <RouterLink to="..">{t('back')}</RouterLink>
      <Title1 as="h1" block id="fence-edit-title">
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
