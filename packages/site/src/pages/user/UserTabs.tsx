import { useTranslation } from 'react-i18next';
import { SectionTabs } from '../../app/ui';

const TABS = [
  ['UserSetting', '/user/setting'],
  ['UserAccount', '/user/account'],
  ['UserMining', '/user/mining'],
  ['UserObserve', '/user/observe'],
  ['UserCoupon', '/user/coupon'],
  ['UserRedPacket', '/user/red_packet'],
  ['UserInvite', '/user/invite'],
  ['UserAppActivity', '/user/app/activity'],
  ['UserMessage', '/user/message'],
  ['UserLogs', '/user/logs'],
] as const;

/** The section tabs of the user centre. */
export function UserTabs({ current }: { current: string }) {
  const { t } = useTranslation();
  return <SectionTabs label={t('site.user.sections')} tabs={TABS} current={current} />;
}
