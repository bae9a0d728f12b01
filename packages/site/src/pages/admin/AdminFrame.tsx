import { hasAnyPermission, matchRoute } from '@poolkit/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionState } from '../../app/servicesContext';
import { PageFrame, SectionTabs } from '../../app/ui';

/** The operator console's pages, in the order of its navigation. */
const PAGES = [
  ['AdminCoupons', '/admin/coupons'],
  ['AdminRedPackets', '/admin/red-packets'],
  ['AdminReconciliation', '/admin/reconciliation'],
  ['AdminWithdrawals', '/admin/withdrawals'],
  ['AdminAuditLog', '/admin/audit-log'],
  ['AdminContractProducts', '/admin/contracts'],
  ['AdminContractOrders', '/admin/contract-orders'],
  ['AdminTickets', '/admin/tickets'],
  ['AdminOauthApps', '/admin/oauth-apps'],
  ['AdminContent', '/admin/content'],
  ['AdminSellers', '/admin/sellers'],
] as const;

/** The name of an operator console page. */
export type AdminPageName = (typeof PAGES)[number][0];

/**
 * The layout of the operator console (`/admin`): its heading, the navigation between its pages
 * (each shown when the operator's permissions open it, as the header's menu does), and the page.
 */
export function AdminFrame({
  current,
  children,
}: {
  /** The page shown, marked in the navigation. */
  current: AdminPageName;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const { roles } = useSessionState();
  const pages = PAGES.filter(([, to]) =>
    hasAnyPermission(roles, matchRoute(to)?.route.meta.roles ?? []),
  );
  return (
    <PageFrame title={t('site.routes.Admin')}>
      <SectionTabs label={t('site.admin.sections')} tabs={pages} current={current} />
      {children}
    </PageFrame>
  );
}
