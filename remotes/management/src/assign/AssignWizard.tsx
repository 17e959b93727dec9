import { Button } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { NS } from '../core';

/** The channel page's toolbar button that opens the Excel assignment wizard. */
export function AssignWizardButton() {
  const { t } = useTranslation(NS);
  return <Button disabled>{t('assign.open')}</Button>;
}
