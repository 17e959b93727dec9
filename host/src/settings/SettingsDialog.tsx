import { useEffect, useId, useState } from 'react';
import type { ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Tab,
  TabList,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { pttDraftOf } from './pttForm';
import type { PttDraft } from './pttForm';
import { SETTINGS_SECTIONS } from './sections';
import type { SettingsSection } from './sections';
import { LanguageSection } from './sections/LanguageSection';
import { LogoutSection } from './sections/LogoutSection';
import { MapSection } from './sections/MapSection';
import { PersonalSection } from './sections/PersonalSection';
import { PttSection } from './sections/PttSection';
import { VoiceSection } from './sections/VoiceSection';
import { loadSettings } from './settingsStore';
import { NS } from './strings';

const useStyles = makeStyles({
  surface: { maxWidth: '760px', width: '100%' },
  layout: { display: 'flex', gap: tokens.spacingHorizontalXL, minHeight: '360px' },
  nav: { flexShrink: 0 },
  panel: { flexGrow: 1, minWidth: 0 },
});

export interface SettingsDialogProps {
  open: boolean;
  section: SettingsSection;
  onSectionChange: (section: SettingsSection) => void;
  onClose: () => void;
}

function isSection(value: unknown): value is SettingsSection {
  return SETTINGS_SECTIONS.some((s) => s === value);
}

/** Settings in sections listed on the left (arrow keys move between them); Esc closes. */
export function SettingsDialog({ open, section, onSectionChange, onClose }: SettingsDialogProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const id = useId();
  // The PTT fields as typed live here, so moving to another section and back keeps them.
  const [pttDraft, setPttDraft] = useState<PttDraft>(() => pttDraftOf(loadSettings()));
  useEffect(() => {
    if (open) setPttDraft(pttDraftOf(loadSettings()));
  }, [open]);

  const panels: Record<SettingsSection, ReactNode> = {
    personal: <PersonalSection />,
    language: <LanguageSection />,
    voice: <VoiceSection />,
    map: <MapSection />,
    ptt: <PttSection draft={pttDraft} onDraft={setPttDraft} />,
    logout: <LogoutSection />,
  };
  return (
    <Dialog open={open} onOpenChange={(_e, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('title')}</DialogTitle>
          <DialogContent className={styles.layout}>
            <TabList
              className={styles.nav}
              vertical
              aria-label={t('sectionsLabel')}
              selectedValue={section}
              onTabSelect={(_e, data) => isSection(data.value) && onSectionChange(data.value)}
            >
              {SETTINGS_SECTIONS.map((s) => (
                <Tab key={s} id={`${id}-tab-${s}`} value={s} aria-controls={`${id}-panel`}>
                  {t(`sections.${s}`)}
                </Tab>
              ))}
            </TabList>
            <div className={styles.panel} id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${section}`}>
              {panels[section]}
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              {t('close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
