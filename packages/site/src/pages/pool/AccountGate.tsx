import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, DataSection, EmptyState } from '../../app/ui';
import { type AccountPool, useAccountPool } from '../../app/useAccountPool';

/** Resolves the pool and account of a `/pool/:type/*` page, with loading and empty states. */
export function AccountGate({
  type,
  children,
}: {
  type: string;
  children: (context: AccountPool) => ReactNode;
}) {
  const { t } = useTranslation();
  const context = useAccountPool(type);
  return (
    <DataSection data={context}>
      {(value) =>
        value === null ? (
          <Card>
            <EmptyState text={t('site.pool.noAccount')} />
          </Card>
        ) : (
          children(value)
        )
      }
    </DataSection>
  );
}
