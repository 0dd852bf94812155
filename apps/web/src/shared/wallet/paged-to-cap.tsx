import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { lastPageByNumber } from '@portal/domain/paging';
import { WALLET_LINE_COUNT_CAP } from '@portal/domain/wallet-entries';

/**
 * The table footer of a wallet list on its last page when the count stopped at the cap: the pages
 * end with the counted lines (the API reads no page past them by number), so it says how to reach
 * the others. Undefined (no footer) anywhere else.
 */
export function pagedToCapFooter(
  t: TFunction,
  language: string,
  list: { totalCapped?: boolean } | undefined,
  page: number,
  pageSize: number,
): (() => ReactNode) | undefined {
  if (!list?.totalCapped || page < lastPageByNumber(WALLET_LINE_COUNT_CAP, pageSize)) return undefined;
  return () => (
    <Typography.Text type="secondary" data-testid="paged-to-cap">
      {t('bills.pagedToCap', { count: WALLET_LINE_COUNT_CAP.toLocaleString(language) })}
    </Typography.Text>
  );
}
