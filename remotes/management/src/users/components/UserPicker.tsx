import { Combobox, Field, Option } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../core';
import { useLazyUserPickOptionsQuery } from '../api';

interface Props {
  label: string;
  /** Left out of the options (the user whose list this is). */
  exclude?: number;
  onPick: (userId: number | null) => void;
}

const SEARCH_DELAY_MS = 250;
type Found = { id: number; label: string };

/** One user of the organisation, searched on the server as one types (an earlier search dropped). */
export function UserPicker({ label, exclude, onPick }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'users' });
  const [search] = useLazyUserPickOptionsQuery();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Found[]>([]);

  useEffect(() => {
    let stale = false;
    const timer = setTimeout(() => {
      search(text.trim(), true)
        .unwrap()
        .then((page) => {
          if (!stale) setOptions(page.items.filter((u) => u.id !== exclude).map((u) => ({ id: u.id, label: `${u.nickname} (${u.account})` })));
        })
        .catch(() => stale || setOptions([]));
    }, SEARCH_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [text, exclude, search]);

  return (
    <Field label={label}>
      <Combobox
        freeform
        placeholder={t('blacklist.pickPlaceholder')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          onPick(null);
        }}
        onOptionSelect={(_e, d) => {
          setText(d.optionText ?? '');
          onPick(d.optionValue ? Number(d.optionValue) : null);
        }}
      >
        {options.length > 0 ? (
          options.map((o) => (
            <Option key={o.id} value={String(o.id)} text={o.label}>
              {o.label}
            </Option>
          ))
        ) : (
          <Option disabled value="" text={t('blacklist.noMatch')}>
            {t('blacklist.noMatch')}
          </Option>
        )}
      </Combobox>
    </Field>
  );
}
