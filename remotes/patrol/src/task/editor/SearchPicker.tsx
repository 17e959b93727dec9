import { Combobox, Field, Option } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../../core';
import type { Picked } from './taskForm';

interface Props {
  label: string;
  placeholder: string;
  /** One page of matches for the typed text ('' browses). */
  search: (q: string) => Promise<Picked[]>;
  /** Ids not offered (already chosen). */
  exclude: ReadonlySet<number>;
  onPick: (option: Picked) => void;
}

const SEARCH_DELAY_MS = 250;
const NO_MATCH = 'no-match';

/**
 * Finds one person or channel by typing (as the fence editor's pickers do): the server searches after
 * a pause, an older search is dropped, and choosing an option hands it over and empties the box.
 */
export function SearchPicker({ label, placeholder, search, exclude, onPick }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'task.editor.people' });
  const [text, setText] = useState('');
  const [options, setOptions] = useState<Picked[]>([]);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = setTimeout(() => {
      search(text).then(
        (found) => current && setOptions(found),
        () => current && setOptions([]),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, search, open]);

  const shown = options.filter((o) => !exclude.has(o.id));
  return (
    <Field label={label}>
      <Combobox
        freeform
        placeholder={placeholder}
        value={text}
        selectedOptions={[]}
        open={open}
        onOpenChange={(_e, d) => setOpen(d.open)}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onOptionSelect={(_e, d) => {
          const picked = shown.find((o) => String(o.id) === d.optionValue);
          if (!picked) return;
          onPick(picked);
          setText('');
        }}
      >
        {shown.length > 0 ? (
          shown.map((o) => (
            <Option key={o.id} value={String(o.id)} text={o.name}>
              {o.detail ? `${o.name} (${o.detail})` : o.name}
            </Option>
          ))
        ) : (
          <Option value={NO_MATCH} disabled>
            {t('noMatch')}
          </Option>
        )}
      </Combobox>
    </Field>
  );
}
