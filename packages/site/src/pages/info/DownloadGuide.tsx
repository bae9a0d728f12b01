import { MINING_SOFTWARE, miningSoftwareFor, stratumUserFormat } from '@poolkit/core/domain';
import { useTranslation } from 'react-i18next';
import { Card, ContentLink, DataSection, DataTable, uiStyles } from '../../app/ui';
import { usePools } from '../../app/usePools';
import { algorithmOf, configExample } from './configExample';
import * as styles from './info.css';

/**
 * The download page's guide: the mining software per algorithm (each linked to its
 * project's release page, from core's `MINING_SOFTWARE`), the connection line, the stratum
 * addresses and ports of every pool (from `GET /pools`, the server's pool catalogue) and a
 * configuration example per coin.
 */
export function DownloadGuide() {
  const { t } = useTranslation();
  const pools = usePools();
  const labels = {
    url: t('site.info.Download.poolUrl'),
    worker: t('site.info.Download.worker'),
    password: t('site.info.Download.password'),
  };
  return (
    <>
      <Card title={t('site.info.Download.softwareTable')}>
        <DataTable
          caption={t('site.info.Download.softwareTable')}
          rows={MINING_SOFTWARE}
          rowKey={(software) => software.id}
          stackOnPhones
          columns={[
            {
              key: 'name',
              header: t('site.info.Download.colSoftware'),
              cell: (software) => (
                <ContentLink href={software.releasesUrl} className={uiStyles.link}>
                  {software.name}
                </ContentLink>
              ),
            },
            {
              key: 'hardware',
              header: t('site.info.Download.colHardware'),
              cell: (software) => t(`site.info.Download.hardware_${software.hardware}`),
            },
            {
              key: 'algorithms',
              header: t('site.info.Download.colAlgorithms'),
              cell: (software) => (
                <span className={styles.wrapCell}>
                  {Object.keys(software.algorithms).join(', ')}
                </span>
              ),
            },
          ]}
        />
        <p className={uiStyles.muted}>{t('site.info.Download.asicNote')}</p>
      </Card>
      <Card title={t('site.info.Download.connection')}>
        <p>{t('site.info.Download.connectionText')}</p>
        <pre className={styles.example}>
          {`stratum+tcp://host:port\n${labels.worker}: account.worker\n${labels.password}: x`}
        </pre>
      </Card>
      <DataSection data={pools} isEmpty={(list) => list.length === 0} skeletonLines={6}>
        {(list) => (
          <>
            <Card title={t('site.info.Download.stratumTable')}>
              <DataTable
                caption={t('site.info.Download.stratumTable')}
                rows={list}
                rowKey={(pool) => pool.name}
                stackOnPhones
                columns={[
                  {
                    key: 'coin',
                    header: t('site.info.Download.colCoin'),
                    cell: (pool) => `${pool.coin.toUpperCase()} · ${pool.label}`,
                  },
                  {
                    key: 'algorithm',
                    header: t('site.info.Download.colAlgorithm'),
                    cell: (pool) => pool.algorithm,
                  },
                  {
                    key: 'stratum',
                    header: t('site.info.Download.colStratum'),
                    cell: (pool) => (
                      <span className={styles.endpoints}>
                        {pool.stratum.map((endpoint) => (
                          <span key={endpoint.url}>
                            {endpoint.region}:{' '}
                            <code className={styles.endpointUrl}>{endpoint.url}</code>
                          </span>
                        ))}
                      </span>
                    ),
                  },
                  {
                    key: 'user',
                    header: t('site.info.Download.worker'),
                    cell: (pool) => <code>{stratumUserFormat(pool.address_mining)}</code>,
                  },
                  {
                    key: 'software',
                    header: t('site.info.Download.colSoftware'),
                    cell: (pool) => {
                      const names = miningSoftwareFor(algorithmOf(pool)).map((s) => s.name);
                      return (
                        <span className={styles.wrapCell}>
                          {names.length > 0 ? names.join(', ') : t('site.info.Download.firmware')}
                        </span>
                      );
                    },
                  },
                ]}
              />
            </Card>
            <Card title={t('site.info.Download.examples')}>
              <ul className={styles.examples}>
                {list.map((pool) => (
                  <li key={pool.name}>
                    <figure className={styles.figure}>
                      <figcaption>
                        <strong>{`${pool.coin.toUpperCase()} · ${pool.label}`}</strong>
                      </figcaption>
                      <pre className={styles.example}>{configExample(pool, labels)}</pre>
                    </figure>
                  </li>
                ))}
              </ul>
            </Card>
          </>
        )}
      </DataSection>
    </>
  );
}
