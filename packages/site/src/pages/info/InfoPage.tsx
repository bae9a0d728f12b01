import type { DownloadItem, SitePage } from '@poolkit/core/contract';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/servicesContext';
import { Card, ContentLink, PageFrame, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { useRouteName } from '../../app/useRouteName';
import { DownloadGuide } from './DownloadGuide';
import * as styles from './info.css';

const SECTIONS: Readonly<Record<string, readonly string[]>> = {
  Download: ['software', 'configure', 'start'],
  Terms: ['service', 'account', 'payouts', 'liability'],
  AboutUs: ['mission', 'payout', 'contact'],
};

/** The page operators may publish in place of the site's own text. */
const EDITABLE: Readonly<Record<string, 'about' | 'terms'>> = { AboutUs: 'about', Terms: 'terms' };

/** The apps and mining software operators publish, by category. */
function Downloads({ list }: { list: readonly DownloadItem[] }) {
  const { t } = useTranslation();
  return (
    <>
      {(['app', 'software'] as const).map((category) => {
        const items = list.filter((item) => item.category === category);
        if (items.length === 0) return null;
        return (
          <Card
            key={category}
            title={t(category === 'app' ? 'content.downloadApps' : 'content.downloadSoftware')}
          >
            <ul className={styles.downloads}>
              {items.map((item) => (
                <li key={item.id}>
                  <p>
                    <ContentLink href={item.url} className={uiStyles.link}>
                      {t('content.downloadGet', {
                        name: item.name,
                        platform: t(`content.platform_${item.platform}`),
                      })}
                    </ContentLink>{' '}
                    <span className={uiStyles.muted}>
                      {t('content.downloadVersion', { version: item.version })}
                    </span>
                  </p>
                  {item.description === '' ? null : <p>{item.description}</p>}
                  {item.checksum === null ? null : (
                    <p className={uiStyles.muted}>
                      {t('content.downloadChecksum')}:{' '}
                      <code className={styles.checksum}>{item.checksum}</code>
                    </p>
                  )}
                </li>
              ))}
            </ul>
          </Card>
        );
      })}
    </>
  );
}

/** An operator's page: its paragraphs, separated by blank lines. */
function PublishedPage({ page }: { page: SitePage }) {
  return (
    <PageFrame title={page.title}>
      <Card>
        {page.body.split(/\n{2,}/).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </Card>
    </PageFrame>
  );
}

/**
 * The information pages: download, terms of service and about us. The about and terms pages
 * show what the operators published in `/admin/content` when there is one, else the site's own
 * text; the download page lists the apps and mining software they publish (version, SHA-256),
 * then the recommended software per algorithm, the stratum addresses and a configuration example
 * per coin ({@link DownloadGuide}), above the site's setup guide.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const name = useRouteName();
  const sections = SECTIONS[name] ?? [];
  const slug = EDITABLE[name];
  const page = useApiData(
    slug === undefined
      ? null
      : async (signal) => (await api.sitePage({ params: { slug } }, { signal })).page,
    [slug, i18n.language],
    { silent: true },
  );
  const downloads = useApiData(
    name === 'Download' ? async (signal) => (await api.downloads({}, { signal })).list : null,
    [name, i18n.language],
    { silent: true },
  );
  if (page.status === 'ready' && page.data !== null) return <PublishedPage page={page.data} />;
  return (
    <PageFrame title={t(`site.routes.${name}`)} subtitle={t(`site.info.${name}.intro`)}>
      {downloads.status === 'ready' ? <Downloads list={downloads.data} /> : null}
      {name === 'Download' ? <DownloadGuide /> : null}
      {sections.map((section) => (
        <Card key={section} title={t(`site.info.${name}.${section}.title`)}>
          <p>{t(`site.info.${name}.${section}.text`)}</p>
        </Card>
      ))}
    </PageFrame>
  );
}
