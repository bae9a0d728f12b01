import { CONTENT_KINDS, type ContentKind } from '@poolkit/core';
import { Tab, TabList, TabPanel, Tabs } from '@poolkit/widgets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, uiStyles } from '../../app/ui';
import { AdminFrame } from './AdminFrame';
import { ContentKindPanel } from './content/ContentKindPanel';
import { ParametersPanel } from './content/ParametersPanel';

/** The tabs: each kind of content, then the site parameters. */
type TabValue = ContentKind | 'parameters';

const TABS: readonly TabValue[] = [...CONTENT_KINDS, 'parameters'];

/**
 * `/admin/content`: everything visitors read on the site, a tab per kind (announcements,
 * slides, advertisements, footer links, blogroll, downloads, the about and terms pages, event
 * pages) and one for the site parameters. Each tab lists its items, drafts included, with
 * their state (live, draft, published outside its window) and window, and opens a form to add
 * or change one: texts in the five languages, the kind's fields, order, publish window and the
 * published switch. The server checks every field and audits each change; a change shows on
 * the public pages at once.
 */
export function Component() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabValue>('announcement');
  return (
    <AdminFrame current="AdminContent">
      <Card title={t('site.routes.AdminContent')}>
        <p className={uiStyles.muted}>{t('content.adminIntro')}</p>
        <Tabs
          value={tab}
          onValueChange={(value) => setTab(TABS.find((each) => each === value) ?? tab)}
        >
          <TabList aria-label={t('content.kinds')}>
            {TABS.map((value) => (
              <Tab key={value} value={value}>
                {value === 'parameters' ? t('content.parameters') : t(`content.kind_${value}`)}
              </Tab>
            ))}
          </TabList>
          {TABS.map((value) => (
            <TabPanel key={value} value={value}>
              {value !== tab ? null : value === 'parameters' ? (
                <ParametersPanel />
              ) : (
                <ContentKindPanel kind={value} />
              )}
            </TabPanel>
          ))}
        </Tabs>
      </Card>
    </AdminFrame>
  );
}
