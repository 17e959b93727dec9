import { Combobox, Field, Option } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_NS } from '../i18n/i18n';

export interface MemberName {
  id: number;
  nickname: string;
  account: string;
}

export interface MemberPickerProps {
  userId: number | null;
  /** The chosen member's names; '#id' shows until they are loaded. */
  chosen?: Omit<MemberName, 'id'>;
  /** One page of members matching the typed text ('' browses). Keep it stable (useCallback): a new function searches again. */
  search: (q: string) => Promise<MemberName[]>;
  onChange: (userId: number | null) => void;
  /** The option that takes the filter off, in the words of the feature's other filters. */
  anyLabel: string;
}

const SEARCH_DELAY_MS = 250;
/** The option that takes the member filter off. */
const ANY = 'any';
type Found = { id: number; label: string };

/** The member filter: one user of the organisation, searched on the server as one types. */
export function MemberPicker({ userId, chosen, search, onChange, anyLabel }: MemberPickerProps) {
  const { t } = useTranslation(COMMON_NS, { keyPrefix: 'kit.member' });
  const chosenLabel = userId === null ? '' : chosen ? t('name', { nickname: chosen.nickname, account: chosen.account }) : `#${userId}`;
  // null while the field shows the chosen member; the typed text while searching.
  const [typed, setTyped] = useState<string | null>(null);
  const [options, setOptions] = useState<Found[]>([]);
  const term = typed ?? '';

  useEffect(() => {
    let stale = false;
    const timer = setTimeout(() => {
      search(term.trim())
        .then((found) => stale || setOptions(found.map((u) => ({ id: u.id, label: t('name', { nickname: u.nickname, account: u.account }) }))))
        .catch(() => stale || setOptions([]));
    }, SEARCH_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [term, search, t]);

  return (
    <Field label={t('label')}>
      <Combobox
        freeform
        placeholder={t('placeholder')}
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
        <Option value={ANY} text={anyLabel}>
          {anyLabel}
        </Option>
        {options.map((o) => (
          <Option key={o.id} value={String(o.id)} text={o.label}>
            {o.label}
          </Option>
        ))}
        {options.length === 0 && (
          <Option disabled value="" text={t('noMatch')}>
            {t('noMatch')}
          </Option>
        )}
      </Combobox>
    </Field>
  );
}
