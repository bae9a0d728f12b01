import { useTranslation } from 'react-i18next';
import { AppLink, uiStyles } from '../../app/ui';

const TABS = [
  ['UserSetting', '/user/setting'],
  ['UserAccount', '/user/account'],
  ['UserMining', '/user/mining'],
  ['UserObserve', '/user/observe'],
  ['UserLogs', '/user/logs'],
] as const;

/** The section tabs of the user centre. */
export function UserTabs({ current }: { current: string }) {
  const { t } = useTranslation();
  return (
    <nav className={uiStyles.tabs} aria-label={t('site.user.sections')}>
      {TABS.map(([name, to]) => (
        <AppLink
          key={name}
          to={to}
          className={uiStyles.tab}
          aria-current={name === current ? 'page' : undefined}
        >
          {t(`site.routes.${name}`)}
        </AppLink>
      ))}
    </nav>
  );
}
