import { Field, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { MAP_STYLES, MAP_TYPES, mapSettingsSchema } from '@ptt/contracts';
import type { MapSettings } from '@ptt/contracts';
import { useSettings } from '../settingsStore';
import { NS } from '../strings';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/** Map type and a style of that type; a choice is kept at once. */
export function MapSection() {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const [settings, update] = useSettings();
  const { type, style } = settings.map;
  const choose = (next: unknown) => {
    const map: MapSettings | undefined = mapSettingsSchema.safeParse(next).data;
    if (map) update({ map });
  };
  return (
    <div className={styles.column}>
      <Field label={t('map.type')} hint={t('map.hint')}>
        <RadioGroup
          value={type}
          // A new type starts on its own first style: styles do not carry over between providers.
          onChange={(_e, data) => {
            const next = MAP_TYPES.find((m) => m === data.value);
            if (next) choose({ type: next, style: MAP_STYLES[next][0] });
          }}
        >
          {MAP_TYPES.map((m) => (
            <Radio key={m} value={m} label={t(`map.types.${m}`)} />
          ))}
        </RadioGroup>
      </Field>
      <Field label={t('map.style')}>
        <RadioGroup value={style} onChange={(_e, data) => choose({ type, style: data.value })}>
          {MAP_STYLES[type].map((s) => (
            <Radio key={s} value={s} label={t(`map.styles.${type}.${s}`)} />
          ))}
        </RadioGroup>
      </Field>
    </div>
  );
}
