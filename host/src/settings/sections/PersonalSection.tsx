import { useEffect, useState } from 'react';
import { MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { roleNameFor, userDetailSchema } from '@ptt/contracts';
import type { Role } from '@ptt/contracts';
import { useSession } from '../../app/session';
import { useServices } from '../../app/services';
import { NS } from '../strings';

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  row: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground2 },
  value: { margin: 0, fontWeight: tokens.fontWeightSemibold, wordBreak: 'break-all' },
});

interface Fresh {
  account: string;
  nickname: string;
  role: Role;
}

/** Who is logged in: the session at once, refreshed from GET /api/me (the nickname may have changed). */
export function PersonalSection() {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const session = useSession();
  const { api } = useServices();
  const [fresh, setFresh] = useState<Fresh | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    api
      .get('/api/me', { schema: userDetailSchema, signal: abort.signal })
      .then((me) => setFresh(me))
      .catch(() => {
        if (!abort.signal.aborted) setFailed(true);
      });
    return () => abort.abort();
  }, [api]);

  if (!session) return null;
  const me = fresh ?? session;
  const rows: [string, string][] = [
    [t('personal.account'), me.account],
    [t('personal.nickname'), me.nickname],
    [t('personal.uid'), String(session.id)],
    [t('personal.role'), t(`roles.${roleNameFor(me.role)}`)],
    [t('personal.enterprise'), t('personal.enterpriseValue', { name: session.ent.name, id: session.ent.id })],
  ];
  return (
    <>
      {failed && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('common:client.infoLoadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      <dl className={styles.list}>
        {rows.map(([term, value]) => (
          <div key={term} className={styles.row}>
            <dt className={styles.term}>{term}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
