import { Combobox, Field, Option } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_NS } from '../i18n/i18n';

export interface PickOption {
  id: number;
  name: string;
  /** A second line: an account, a member count. */
  detail?: string;
}

export interface SearchPickerProps {
  label: string;
  placeholder: string;
  /** One page of matches for the typed text ('' browses). Keep it stable (useCallback): a new function searches again. */
  search: (q: string) => Promise<PickOption[]>;
  /** Ids not offered (already chosen). */
  exclude: ReadonlySet<number>;
  onPick: (option: PickOption) => void;
  disabled?: boolean;
}

const SEARCH_DELAY_MS = 250;
const NO_MATCH = 'no-match';

/**
 * Finds one person or channel by typing: the server searches after a pause (an older search is
 * dropped), and choosing an option hands it over and empties the box for the next one.
 */
export function SearchPicker({ label, placeholder, search, exclude, onPick, disabled }: SearchPickerProps) {
  const { t } = useTranslation(COMMON_NS, { keyPrefix: 'kit' });
  const [text, setText] = useState('');
  const [options, setOptions] = useState<PickOption[]>([]);
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
        disabled={disabled}
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
