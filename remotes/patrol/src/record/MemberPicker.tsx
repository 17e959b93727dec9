import { Combobox, Field, Option } from '@fluentui/react-components';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../core/ns';
import { useLazyPatrolRecordMemberOptionsQuery, usePatrolRecordMemberQuery } from './api';

const SEARCH_DELAY_MS = 250;
/** The option that takes the member filter off. */
const ANY = 'any';
type Found = { id: number; label: string };

/** The member filter: one user of the organisation, searched on the server as one types. */
export function MemberPicker({ userId, onChange }: { userId: number | null; onChange: (userId: number | null) => void }) {
  const { t } = useTranslation(NS, { keyPrefix: 'record' });
  const [search] = useLazyPatrolRecordMemberOptionsQuery();
  const chosen = usePatrolRecordMemberQuery(userId ?? skipToken).data;
  const chosenLabel = userId === null ? '' : chosen ? t('user', { nickname: chosen.nickname, account: chosen.account }) : `#${userId}`;
  // null while the field shows the chosen member; the typed text while searching.
  const [typed, setTyped] = useState<string | null>(null);
  const [options, setOptions] = useState<Found[]>([]);
  const term = typed ?? '';

  useEffect(() => {
    let stale = false;
    const timer = setTimeout(() => {
      search(term.trim(), true)
        .unwrap()
        .then((page) => stale || setOptions(page.items.map((u) => ({ id: u.id, label: t('user', { nickname: u.nickname, account: u.account }) }))))
        .catch(() => stale || setOptions([]));
    }, SEARCH_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [term, search, t]);

  return (
    <Field label={t('filters.member')}>
      <Combobox
        freeform
        placeholder={t('filters.memberPlaceholder')}
        value={typed ?? chosenLabel}
        selectedOptions={userId === null ? [] : [String(userId)]}
        onChange={(e) => setTyped(e.target.value)}
        onOpenChange={(_e, d) => !d.open && setTyped(null)}
        onOptionSelect={(_e, d) => {
          setTyped(null);
          if (!d.optionValue) return;
          onChange(d.optionValue === ANY ? null : Number(d.optionValue));
        }}
      >
        <Option value={ANY} text={t('filters.anyMember')}>
          {t('filters.anyMember')}
        </Option>
        {options.map((o) => (
          <Option key={o.id} value={String(o.id)} text={o.label}>
            {o.label}
          </Option>
        ))}
        {options.length === 0 && (
          <Option disabled value="" text={t('filters.noMatch')}>
            {t('filters.noMatch')}
          </Option>
        )}
      </Combobox>
    </Field>
  );
}
