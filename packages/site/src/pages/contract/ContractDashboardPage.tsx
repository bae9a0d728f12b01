import { ContractDashboard } from '@poolkit/widgets/ContractDashboard';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import { PageFrame } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { ContractTabs } from './ContractTabs';

/**
 * `/contract/dashboard`: per coin, the hashrate under contract, active orders, yesterday's and
 * total output, and a chart of the totals (the ContractDashboard widget).
 */
export function Component() {
  const { t } = useTranslation();
  const { api } = useServices();
  const navigate = useNavigate();
  const dashboard = useApiData(async (signal) => api.contractDashboard({}, { signal }), []);
  return (
    <PageFrame title={t('site.routes.ContractDashboard')}>
      <ContractTabs current="ContractDashboard" />
      <ContractDashboard
        coins={dashboard.status === 'ready' ? dashboard.data.list : []}
        loading={dashboard.status === 'loading'}
        error={dashboard.status === 'error'}
        onRetry={dashboard.reload}
        headingLevel={2}
        browseHref="/contract/list"
        onNavigate={(href, event) => {
          event.preventDefault();
          void navigate(href);
        }}
      />
    </PageFrame>
  );
}
