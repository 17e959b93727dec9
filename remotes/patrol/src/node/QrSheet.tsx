import { Button, FluentProvider, Spinner, Text, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import type { PatrolNode } from '@ptt/contracts';
import { pttTheme } from '@ptt/ui';
import { NS } from '../core';

interface Props {
  nodes: readonly Pick<PatrolNode, 'id' | 'name' | 'qrCode'>[];
  onClose: () => void;
}

const PRINT_ROOT = 'patrol-qr-print';

// On paper only the sheet shows: every other part of the page (the console, Fluent's portals) is
// left out, and the buttons too. Cards never split across pages.
const PRINT_CSS = `
@media print {
  body > *:not(.${PRINT_ROOT}) { display: none !important; }
  .${PRINT_ROOT} { position: static !important; overflow: visible !important; background: #fff !important; }
  .${PRINT_ROOT} [data-no-print] { display: none !important; }
}
@page { margin: 12mm; }
`;

const useStyles = makeStyles({
  root: { position: 'fixed', inset: 0, zIndex: 1_000_000, overflow: 'auto', backgroundColor: '#ffffff', color: '#000000', padding: tokens.spacingHorizontalXXL },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, marginBottom: tokens.spacingVerticalL, flexWrap: 'wrap' },
  grow: { flexGrow: 1 },
  grid: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(58mm, 1fr))', gap: '8mm' },
  card: { margin: 0, padding: '4mm', border: '1px dashed #8a8886', textAlign: 'center', breakInside: 'avoid', pageBreakInside: 'avoid' },
  image: { width: '100%', maxWidth: '50mm', height: 'auto', display: 'block', marginLeft: 'auto', marginRight: 'auto' },
  name: { display: 'block', fontSize: '14pt', fontWeight: 700, marginTop: '2mm', overflowWrap: 'anywhere' },
  code: { display: 'block', fontFamily: 'monospace', fontSize: '10pt', overflowWrap: 'anywhere' },
});

/** Draws each node's code as an SVG (the `qrcode` package), as an image URL. */
function useQrImages(nodes: Props['nodes']): Map<number, string> | null {
  const [images, setImages] = useState<Map<number, string> | null>(null);
  const key = nodes.map((n) => `${n.id}:${n.qrCode}`).join();
  useEffect(() => {
    let live = true;
    Promise.all(nodes.map(async (n) => [n.id, await qrSvg(n.qrCode, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })] as const)).then(
      (drawn) => live && setImages(new Map(drawn.map(([id, svg]) => [id, `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`]))),
      () => live && setImages(new Map()),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return images;
}

/**
 * The printable QR sheet: over the whole page, one code per node with its name and code text under
 * it, and Print (the browser's dialog) and Close. Escape closes it.
 */
export function QrSheet({ nodes, onClose }: Props) {
  const { t } = useTranslation(NS, { keyPrefix: 'node.qr' });
  const styles = useStyles();
  const images = useQrImages(nodes);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return createPortal(
    <FluentProvider theme={pttTheme} className={`${PRINT_ROOT} ${styles.root}`}>
      <style>{PRINT_CSS}</style>
      <div role="dialog" aria-modal="true" aria-labelledby="patrol-qr-title">
        <div className={styles.bar} data-no-print>
          <Title2 as="h2" id="patrol-qr-title">
            {t('title')}
          </Title2>
          <Text className={styles.grow}>{t('intro')}</Text>
          <Button appearance="primary" disabled={images === null} onClick={() => window.print()}>
            {t('print')}
          </Button>
          <Button onClick={onClose}>{t('close')}</Button>
        </div>
        {images === null ? (
          <Spinner size="small" label={t('loading')} />
        ) : (
          <div className={styles.grid}>
            {nodes.map((n) => (
              <figure key={n.id} className={styles.card} data-testid={`qr-${n.id}`}>
                {images.get(n.id) && <img className={styles.image} src={images.get(n.id)} alt={t('image', { name: n.name })} />}
                <figcaption>
                  <span className={styles.name}>{n.name}</span>
                  <code className={styles.code}>{n.qrCode}</code>
                </figcaption>
              </figure>
            ))}
          </div>
        )}
      </div>
    </FluentProvider>,
    document.body,
  );
}
