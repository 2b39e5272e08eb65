import type { LabelDisplayedRowsArgs } from '@mui/material';
import { LIST_COUNT_CAP } from '@shared/api/admin';
import { Pagination, useTranslate, type PaginationProps } from 'react-admin';

/** The total as a person reads it: "10000+" when the server stopped counting at the cap. */
export const totalText = (total: number): string => (total >= LIST_COUNT_CAP ? `${total}+` : String(total));

/**
 * react-admin's pagination, saying "1-25 of 10000+" when the list has more matches than the server
 * counts (LIST_COUNT_CAP: past it, the total it sends is the cap, a floor).
 */
export function ListPagination(props: PaginationProps) {
  const translate = useTranslate();
  // Passed through to MUI's TablePagination (react-admin's own label is built the same way), though
  // react-admin's props type leaves it out.
  const label = {
    labelDisplayedRows: ({ from, to, count }: LabelDisplayedRowsArgs) =>
      translate('ra.navigation.page_range_info', { offsetBegin: from, offsetEnd: to, total: totalText(count) }),
  } as Partial<PaginationProps>;
  return <Pagination {...props} {...label} />;
}
