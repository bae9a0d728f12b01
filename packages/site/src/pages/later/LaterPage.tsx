import { useTranslation } from 'react-i18next';
import { Card, EmptyState, PageFrame } from '../../app/ui';
import { useRouteName } from '../../app/useRouteName';

/** The frame of a route whose feature arrives later: its title and an empty state. */
export function Component() {
  const { t } = useTranslation();
  const name = useRouteName();
  return (
    <PageFrame title={t(`site.routes.${name}`)}>
      <Card>
        <EmptyState text={t('site.later.text')} />
      </Card>
    </PageFrame>
  );
}
