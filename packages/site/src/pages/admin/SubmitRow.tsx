import { Button } from '@poolkit/widgets';
import type { ReactNode } from 'react';
import * as styles from './admin.css';

/** The submit button of an operator form, at the end of its own row; it spins while `busy`. */
export function SubmitRow({
  busy,
  variant = 'primary',
  children,
}: {
  busy: boolean;
  /** Default `primary`; `danger` for a rejection. */
  variant?: 'primary' | 'danger';
  children: ReactNode;
}) {
  return (
    <div className={styles.actions}>
      <Button type="submit" variant={variant} loading={busy}>
        {children}
      </Button>
    </div>
  );
}
