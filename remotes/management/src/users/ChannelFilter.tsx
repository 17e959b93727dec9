import { Combobox, Field, Option } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../core';
import { useLazyUserChannelOptionsQuery } from './api';

interface Props {
  label: string;
  /** The chosen channel id, '' for all. */
  value: string;
  onChange: (channelId: string) => void;
}

const SEARCH_DELAY_MS = 250;
type Found = { id: number; name: string };

/**
 * The channel filter: the channels are searched on the server as one types (an organisation may
 * have more than one page of them), with 'All' first to clear the filter.
 */
export function ChannelFilter({ label, value, onChange }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'users' });
  const [search] = useLazyUserChannelOptionsQuery();
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Found[]>([]);
  const [chosen, setChosen] = useState<Found | null>(null);

  useEffect(() => {
    let stale = false;
    const timer = setTimeout(() => {
      search(text.trim(), true)
        .unwrap()
        .then((page) => stale || setOptions(page.items.map((c) => ({ id: c.id, name: c.name }))))
        .catch(() => stale || setOptions([]));
    }, SEARCH_DELAY_MS);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [text, search]);

  // Another part of the page cleared the filter.
  useEffect(() => {
    if (value === '') setChosen(null);
  }, [value]);

  const all = t('filter.all');
  return (
    <Field label={label}>
      <Combobox
        freeform
        value={text}
        placeholder={chosen?.name ?? all}
        selectedOptions={[value]}
        onChange={(e) => setText(e.target.value)}
        onOptionSelect={(_e, d) => {
          const id = d.optionValue ?? '';
          setChosen(id === '' ? null : (options.find((o) => String(o.id) === id) ?? null));
          setText(id === '' ? '' : (d.optionText ?? ''));
          onChange(id);
        }}
      >
        <Option value="" text={all}>
          {all}
        </Option>
        {options.map((o) => (
          <Option key={o.id} value={String(o.id)} text={o.name}>
            {o.name}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}
