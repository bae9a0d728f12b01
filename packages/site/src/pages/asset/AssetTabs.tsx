import { useTranslation } from 'react-i18next';
import { SectionTabs } from '../../app/ui';

const TABS = [
  ['AssetIndex', '/asset/index'],
  ['AssetTransaction', '/asset/transaction'],
  ['AssetAutoWithdraw', '/asset/auto-withdraw'],
] as const;

/** The section tabs of the wallet. */
export function AssetTabs({ current }: { current: (typeof TABS)[number][0] | null }) {
  const { t } = useTranslation();
  return <SectionTabs label={t('site.wallet.sections')} tabs={TABS} current={current} />;
}
