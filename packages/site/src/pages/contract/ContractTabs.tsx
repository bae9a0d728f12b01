import { useTranslation } from 'react-i18next';
import { SectionTabs } from '../../app/ui';

const TABS = [
  ['ContractList', '/contract/list'],
  ['ContractOrder', '/contract/order'],
  ['ContractDashboard', '/contract/dashboard'],
] as const;

/** The navigation between the contract pages. */
export function ContractTabs({ current }: { current: (typeof TABS)[number][0] | null }) {
  const { t } = useTranslation();
  return <SectionTabs label={t('site.routes.Contract')} tabs={TABS} current={current} />;
}
