import { Button } from '@poolkit/widgets';
import type { ReactNode } from 'react';
import { Pager } from './sections';

/**
 * A table column of one small button per row (Revoke, Unlink, Edit…), named after its row for
 * assistive technology by `label`, since every row's button reads the same.
 */
export function buttonColumn<Row>({
  key,
  header,
  text,
  label,
  variant = 'secondary',
  onClick,
}: {
  key: string;
  header: string;
  text: string;
  label: (row: Row) => string;
  /** Default `secondary`; `danger` for a removal. */
  variant?: 'secondary' | 'danger';
  onClick: (row: Row) => void;
}): { key: string; header: string; cell: (row: Row) => ReactNode } {
  return {
    key,
    header,
    cell: (row) => (
      <Button size="sm" variant={variant} aria-label={label(row)} onClick={() => onClick(row)}>
        {text}
      </Button>
    ),
  };
}

/**
 * A {@link Pager} over a paged answer (`page_size`, `total`): nothing until the answer is there,
 * nor while it fits one page.
 */
export function AnswerPager({
  answer,
  page,
  onPageChange,
  showCount = false,
}: {
  answer: { page_size: number; total: number } | undefined;
  page: number;
  onPageChange: (page: number) => void;
  showCount?: boolean;
}) {
  if (answer === undefined || answer.total <= answer.page_size) return null;
  return (
    <Pager
      page={page}
      pageSize={answer.page_size}
      total={answer.total}
      onPageChange={onPageChange}
      showCount={showCount}
    />
  );
}
