import { useTranslation } from 'react-i18next';
import { AppLink, uiStyles } from '../../app/ui';

const TABS = [
  ['PoolHome', 'home'],
  ['PoolMiner', 'miner'],
  ['PoolProfit', 'profit'],
  ['PoolStat', 'stat'],
  ['PoolInfo', 'info'],
] as const;

/** The section tabs of a pool's account pages. */
export function PoolTabs({ type, current }: { type: string; current: string }) {
  const { t } = useTranslation();
  return (
    <nav className={uiStyles.tabs} aria-label={t('site.mining.sections')}>
      {TABS.map(([name, page]) => (
        <AppLink
          key={name}
          to={`/pool/${type}/${page}`}
          className={uiStyles.tab}
          aria-current={name === current ? 'page' : undefined}
        >
          {t(`site.routes.${name}`)}
        </AppLink>
      ))}
    </nav>
  );
}
