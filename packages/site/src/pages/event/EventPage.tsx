import type { EventBlock } from '@poolkit/core/contract';
import { CopyButton } from '@poolkit/widgets';
import { useTranslation } from 'react-i18next';
import { dateTime, hashrate } from '../../app/format';
import { useParams } from '../../app/nav';
import { useServices } from '../../app/servicesContext';
import {
  AppLink,
  Card,
  DataSection,
  EmptyState,
  PageFrame,
  Skeleton,
  uiStyles,
} from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { useRouteName } from '../../app/useRouteName';
import * as styles from './event.css';

/** The event each named route shows (`/activity/goldshell` → `goldshell`). */
const ROUTE_EVENTS: Readonly<Record<string, string>> = { GoldshellEvent: 'goldshell' };

/** The catalogue machines of a `machines` block, each linking to its page. */
function MachinesBlock({ ids }: { ids: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const machines = useApiData(
    async (signal) => {
      const found = await Promise.all(
        ids.map((id) =>
          api.catalogueMiner({ params: { id }, query: {} }, { signal }).catch(() => null),
        ),
      );
      return found.filter((machine) => machine !== null);
    },
    [ids.join(','), i18n.language],
  );
  return (
    <Card title={t('content.eventMachines')}>
      <DataSection
        data={machines}
        skeletonLines={3}
        isEmpty={(list) => list.length === 0}
        emptyText={t('site.common.noData')}
      >
        {(list) => (
          <ul className={styles.machines}>
            {list.map((machine) => (
              <li key={machine.id} className={styles.machine}>
                <strong>
                  {machine.vendor} {machine.model}
                </strong>
                <span className={uiStyles.muted}>
                  {machine.algorithms.join(', ')} ·{' '}
                  {hashrate(machine.hashrate, machine.coins[0] ?? '')}
                </span>
                <AppLink to={`/miners/detail/${machine.id}`} className={uiStyles.link}>
                  {t('content.eventMachineDetail')}
                </AppLink>
              </li>
            ))}
          </ul>
        )}
      </DataSection>
    </Card>
  );
}

function Block({ block }: { block: EventBlock }) {
  const { t } = useTranslation();
  switch (block.type) {
    case 'banner':
      return (
        <figure className={styles.banner}>
          <img
            className={styles.bannerImage}
            src={block.image_url}
            alt=""
            width={1200}
            height={400}
          />
          {block.text === '' ? null : (
            <figcaption className={styles.bannerCaption}>{block.text}</figcaption>
          )}
        </figure>
      );
    case 'text':
      return (
        <Card>
          {block.text.split(/\n{2,}/).map((paragraph) => (
            <p key={paragraph} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
        </Card>
      );
    case 'machines':
      return <MachinesBlock ids={block.machine_ids} />;
    case 'coupon':
      return (
        <Card title={t('content.eventCoupon')}>
          <div className={styles.coupon}>
            <code className={styles.code}>{block.code}</code>
            <CopyButton value={block.code} variant="button" />
            <AppLink to="/user/coupon" className={uiStyles.link}>
              {t('content.eventRedeem')}
            </AppLink>
          </div>
          {block.text === '' ? null : <p className={uiStyles.muted}>{block.text}</p>}
        </Card>
      );
  }
}

/**
 * An event page (GoldshellEvent at `/activity/goldshell`): a vendor's campaign that operators
 * compose in `/admin/content` from blocks (a banner, paragraphs, machines of the catalogue, a
 * coupon code), in the reader's language, shown while it is published and inside its window;
 * otherwise the page says the event is not running.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const name = useRouteName();
  const params = useParams();
  const slug = params.slug ?? ROUTE_EVENTS[name] ?? '';
  const event = useApiData(
    async (signal) => api.eventPage({ params: { slug } }, { signal }),
    [slug, i18n.language],
  );
  if (event.status === 'ready') {
    const { data } = event;
    return (
      <PageFrame
        title={data.title}
        {...(data.ends_at === null
          ? {}
          : { subtitle: t('content.eventUntil', { date: dateTime(data.ends_at) }) })}
      >
        {data.blocks.map((block, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks have no id; their order is their identity.
          <Block key={index} block={block} />
        ))}
      </PageFrame>
    );
  }
  return (
    <PageFrame title={t(`site.routes.${name}`)}>
      {event.status === 'loading' ? (
        <Skeleton lines={6} />
      ) : (
        <EmptyState text={t('content.eventNotRunning')} />
      )}
    </PageFrame>
  );
}
