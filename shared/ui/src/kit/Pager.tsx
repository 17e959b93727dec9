import { Button, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_NS } from '../i18n/i18n';
import { pageCount } from './tableTypes';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

const useStyles = makeStyles({
  pager: { display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  size: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

interface Props {
  label: string;
  page: number;
  size: number;
  total: number;
  /** `total` is a cap plus one: the count is "more than total - 1" and the last page is unknown. */
  capped?: boolean;
  /** With `capped`: this page came back short, so it is the last one. */
  lastPage?: boolean;
  onPage: (page: number) => void;
  /** Without it the page size is fixed. */
  onSize?: (size: number) => void;
}

/** Previous / next, where we are, how many there are, and optionally the page size. */
export function Pager({ label, page, size, total, capped = false, lastPage = false, onPage, onSize }: Props) {
  const { t } = useTranslation(COMMON_NS);
  const styles = useStyles();
  const sizeId = useId();
  // Capped: the pages known to exist, and a next page while the current one is full.
  const pages = capped ? Math.max(page, pageCount(total - 1, size)) : pageCount(total, size);
  const hasNext = capped ? !lastPage : page < pages;
  return (
    <nav className={styles.pager} aria-label={t('kit.pager') + ': ' + label}>
      <Text>{capped ? t('kit.totalMore', { count: total - 1 }) : t('kit.total', { count: total })}</Text>
      {onSize && (
        <span className={styles.size}>
          <label htmlFor={sizeId}>{t('kit.pageSize')}</label>
          <Select id={sizeId} size="small" value={String(size)} onChange={(_e, d) => onSize(Number(d.value))}>
            {(PAGE_SIZES.includes(size as (typeof PAGE_SIZES)[number]) ? PAGE_SIZES : [...PAGE_SIZES, size].sort((a, b) => a - b)).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </span>
      )}
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('kit.previous')}
      </Button>
      <Text aria-live="polite">{capped && !lastPage ? t('kit.pageOfMore', { page, pages }) : t('kit.pageOf', { page, pages: Math.max(page, pages) })}</Text>
      <Button disabled={!hasNext} onClick={() => onPage(page + 1)}>
        {t('kit.next')}
      </Button>
    </nav>
  );
}
