import { useState } from 'react';
import { Button, Caption1, Dialog, DialogBody, DialogSurface, DialogTitle, DialogContent, DialogActions, Link, makeStyles, tokens } from '@fluentui/react-components';
import { DocumentRegular, MicRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useFileUrl, usePlayerFileUrl } from '@ptt/ui';
import { NS } from '../core';
import { useChatServices } from './context';
import { formatBytes, formatDuration } from './format';

// Images, audio, video, files and PTT recordings: all are uploaded files served by /api/files,
// through URLs signed with the session's file key (ADR 012), renewed when the hour turns.

/** Thumbnails and players have a fixed height, so a row's height is known before the media loads. */
export const MEDIA_HEIGHT = 160;

const useStyles = makeStyles({
  thumbButton: { padding: 0, border: 'none', background: 'none', cursor: 'zoom-in', display: 'block' },
  thumb: { height: `${MEDIA_HEIGHT}px`, maxWidth: '240px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium, display: 'block' },
  full: { maxWidth: '100%', maxHeight: '70vh', display: 'block', margin: '0 auto' },
  video: { height: `${MEDIA_HEIGHT}px`, maxWidth: '100%', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground3 },
  audio: { width: '260px', maxWidth: '100%', height: '40px' },
  file: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  line: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  fileName: { wordBreak: 'break-all' },
});

interface FileProps {
  fileId: string;
  name?: string;
}

export function ImageContent({ fileId, name }: FileProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const { files } = useChatServices();
  const [open, setOpen] = useState(false);
  const url = useFileUrl(fileId, files);
  const alt = name ?? t('chat.type.image');
  return (
    <>
      <button type="button" className={styles.thumbButton} onClick={() => setOpen(true)} aria-label={t('chat.openImage', { name: alt })}>
        <img className={styles.thumb} src={url} alt={alt} loading="lazy" height={MEDIA_HEIGHT} />
      </button>
      <Dialog open={open} onOpenChange={(_e, d) => setOpen(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{alt}</DialogTitle>
            <DialogContent>
              <img className={styles.full} src={url} alt={alt} />
            </DialogContent>
            <DialogActions>
              <Link href={url} download={name} target="_blank" rel="noopener noreferrer">
                {t('chat.download')}
              </Link>
              <Button appearance="primary" onClick={() => setOpen(false)}>
                {t('chat.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}

export function AudioContent({ fileId, name, durationMs }: FileProps & { durationMs?: number }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const { files } = useChatServices();
  const player = usePlayerFileUrl(fileId, files);
  return (
    <div className={styles.line}>
      <audio className={styles.audio} controls preload="none" {...player} aria-label={name ?? t('chat.type.audio')} />
      {durationMs !== undefined && <Caption1>{formatDuration(durationMs)}</Caption1>}
    </div>
  );
}

export function VideoContent({ fileId, name }: FileProps) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const { files } = useChatServices();
  const player = usePlayerFileUrl(fileId, files);
  return <video className={styles.video} controls preload="metadata" {...player} aria-label={name ?? t('chat.type.video')} />;
}

export function FileContent({ fileId, name, size }: FileProps & { size?: number }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const { files } = useChatServices();
  const url = useFileUrl(fileId, files);
  const label = name ?? t('chat.type.file');
  return (
    <div className={styles.file}>
      <DocumentRegular fontSize={24} aria-hidden />
      <div>
        <Link className={styles.fileName} href={url} download={name} aria-label={t('chat.downloadFile', { name: label })}>
          {label}
        </Link>
        {size !== undefined && <Caption1 block>{formatBytes(size)}</Caption1>}
      </div>
    </div>
  );
}

/** A push-to-talk recording: playable, with its length. */
export function PttContent({ fileId, durationMs }: { fileId: string; durationMs: number }) {
  const { t } = useTranslation(NS);
  const styles = useStyles();
  const { files } = useChatServices();
  const player = usePlayerFileUrl(fileId, files);
  const label = t('chat.pttLabel', { duration: formatDuration(durationMs) });
  return (
    <div className={styles.line}>
      <MicRegular aria-hidden />
      <Caption1>{label}</Caption1>
      {/* metadata: the player shows the clip's length before it is played, not '0:00 / 0:00'
          (a PTT clip's header is a few bytes). */}
      <audio className={styles.audio} controls preload="metadata" {...player} aria-label={label} />
    </div>
  );
}
