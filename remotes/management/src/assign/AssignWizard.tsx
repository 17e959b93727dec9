import { Button, Text } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import type { AssignmentCheckResult, AssignmentLayout, SheetImportResult } from '@ptt/contracts';
import { COMMON_NS, DialogFrame, errorKey, serverApi } from '@ptt/ui';
import { NS, useCan, useManagement } from '../core';
import { applyFile, checkFile } from './api';
import { CheckStep } from './steps/CheckStep';
import { ApplyProgress, FinishStep } from './steps/ResultStep';
import { TemplateStep } from './steps/TemplateStep';
import { UploadStep } from './steps/UploadStep';

type Step = 'template' | 'upload' | 'check' | 'apply' | 'finish';
const NUMBER: Record<Step, number> = { template: 1, upload: 2, check: 3, apply: 4, finish: 4 };

/** The channel page's toolbar button that opens the Excel assignment wizard (channel.import only). */
export function AssignWizardButton() {
  const { t } = useTranslation(NS, { keyPrefix: 'assign' });
  const canImport = useCan('channel.import');
  const [open, setOpen] = useState(false);
  if (!canImport) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('open')}</Button>
      {open && <AssignWizard onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * Template, upload, dry run, apply. The dry run and the apply upload the same file: the server is
 * stateless between them and decides both the same way, so what step 3 shows is what step 4 does
 * unless someone changed the memberships meanwhile (the finish counts are the apply's own).
 */
export function AssignWizard({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation(COMMON_NS);
  const { api } = useManagement();
  const dispatch = useDispatch();
  const [step, setStep] = useState<Step>('template');
  const [layout, setLayout] = useState<AssignmentLayout>('byChannel');
  const [file, setFile] = useState<File | null>(null);
  const [missing, setMissing] = useState(false);
  const [fraction, setFraction] = useState<number | null>(null);
  const [check, setCheck] = useState<AssignmentCheckResult | null>(null);
  const [result, setResult] = useState<SheetImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = fraction !== null;

  const runCheck = async () => {
    if (!file) {
      setMissing(true);
      return;
    }
    setFailure(null);
    setFraction(0);
    try {
      setCheck(await checkFile(api, layout, file, setFraction));
      setStep('check');
    } catch (e) {
      setFailure(tc(errorKey(e)));
    } finally {
      setFraction(null);
    }
  };

  const runApply = async () => {
    if (!file) return;
    setFailure(null);
    setFraction(0);
    setStep('apply');
    try {
      setResult(await applyFile(api, layout, file, setFraction));
      setStep('finish');
      dispatch(serverApi.util.invalidateTags(['Channel', 'User']));
    } catch (e) {
      // One transaction: a failed apply wrote nothing, so the checked rows still stand.
      setFailure(tc(errorKey(e)));
      setStep('check');
    } finally {
      setFraction(null);
    }
  };

  const good = check ? check.created + check.updated : 0;
  const back = (to: Step) => () => {
    setFailure(null);
    setStep(to);
  };

  return (
    <DialogFrame
      title={t('assign.title')}
      wide={step === 'check'}
      locked={busy}
      modalType={step === 'apply' ? 'alert' : 'modal'}
      failure={failure}
      onClose={onClose}
      actions={
        <>
          {step === 'template' && (
            <Button appearance="primary" onClick={() => setStep('upload')}>
              {t('assign.next')}
            </Button>
          )}
          {step === 'upload' && (
            <>
              <Button disabled={busy} onClick={back('template')}>
                {t('assign.back')}
              </Button>
              <Button appearance="primary" disabled={busy} onClick={() => void runCheck()}>
                {t('assign.next')}
              </Button>
            </>
          )}
          {step === 'check' && (
            <>
              <Button onClick={back('upload')}>{t('assign.back')}</Button>
              <Button appearance="primary" disabled={good === 0} onClick={() => void runApply()}>
                {t('assign.submit')}
              </Button>
            </>
          )}
          {step === 'finish' && (
            <Button appearance="primary" onClick={onClose}>
              {t('assign.finish')}
            </Button>
          )}
          {(step === 'template' || step === 'upload' || step === 'check') && (
            <Button appearance="subtle" disabled={busy} onClick={onClose}>
              {t('assign.cancel')}
            </Button>
          )}
        </>
      }
    >
      <Text as="p" weight="semibold" data-testid="assign-step">
        {t('assign.stepOf', { step: NUMBER[step], name: t(`assign.steps.${step}`) })}
      </Text>
      {step === 'template' && <TemplateStep layout={layout} onLayout={setLayout} onFailure={setFailure} />}
      {step === 'upload' && (
        <UploadStep
          file={file}
          fraction={fraction}
          missing={missing}
          onFile={(f) => {
            setFile(f);
            setMissing(false);
            setCheck(null);
          }}
        />
      )}
      {step === 'check' && check && (
        <>
          <CheckStep check={check} />
          {good === 0 && <Text>{t('assign.nothingToApply')}</Text>}
        </>
      )}
      {step === 'apply' && <ApplyProgress fraction={fraction ?? 1} rows={good} />}
      {step === 'finish' && result && <FinishStep result={result} />}
    </DialogFrame>
  );
}
