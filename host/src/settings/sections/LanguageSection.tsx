import { Field, Radio, RadioGroup } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@ptt/contracts';
import type { Locale } from '@ptt/contracts';
import { HTML_LANG, currentLocale, setLocale } from '@ptt/ui';
import { NS } from '../strings';

function isLocale(value: string): value is Locale {
  return (LOCALES as readonly string[]).includes(value);
}

/** English / 中文, applied at once; i18n keeps the choice under the `locale` storage key. */
export function LanguageSection() {
  const { t } = useTranslation(NS);
  return (
    <Field label={t('language.label')} hint={t('language.hint')}>
      <RadioGroup
        value={currentLocale()}
        onChange={(_e, { value }) => {
          if (isLocale(value)) setLocale(value);
        }}
      >
        {LOCALES.map((l) => (
          // Each language is named in itself, so it is marked with its own language.
          <Radio key={l} value={l} label={{ children: t(`common:language.${l}`), lang: HTML_LANG[l] }} />
        ))}
      </RadioGroup>
    </Field>
  );
}
