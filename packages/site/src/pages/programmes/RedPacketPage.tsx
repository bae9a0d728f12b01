import { COINS, type RedPacket, type RedPacketCampaign, validators } from '@poolkit/core';
import { Button, FormField, Input } from '@poolkit/widgets';
import { RedPacketCard } from '@poolkit/widgets/RedPacketCard';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { reportError, showMessage } from '../../app/feedback';
import { dateTime, hashrate } from '../../app/format';
import { useServices, useSessionState } from '../../app/servicesContext';
import { AppLink, Card, DataSection, EmptyState, PageFrame, Stats, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { useRouteName } from '../../app/useRouteName';
import { ActivateForm } from './ActivateForm';
import * as styles from './programmes.css';

/** Receives the packet with the email bound to the account (spec section 5). */
function ReceiveForm({
  packetId,
  onReceived,
}: {
  packetId: string;
  onReceived: (packet: RedPacket) => void;
}) {
  const { t } = useTranslation();
  const { api, session } = useServices();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = validators.email.safeParse(email.trim());
    if (!parsed.success) {
      setError(t(parsed.error.issues[0]?.message ?? 'validation.emailInvalid'));
      return;
    }
    setBusy(true);
    try {
      const packet = await api.receiveRedPacket({
        params: { packet_id: packetId },
        body: { email: email.trim() },
      });
      session.set('redpacket_hash', null);
      showMessage(t('site.redPackets.received'), 'success');
      onReceived(packet);
    } catch (caught) {
      const field = (caught as { fields?: { field: string }[] }).fields?.[0]?.field;
      if (field === 'email') setError(t('validation.redPacketEmailMismatch'));
      else reportError(caught);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
      <FormField
        label={t('site.redPackets.receivingEmail')}
        hint={t('site.redPackets.receivingEmailHint')}
        error={error}
        required
      >
        <Input
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
        />
      </FormField>
      <div className={styles.actions}>
        <Button type="submit" loading={busy}>
          {t('site.redPackets.receive')}
        </Button>
      </div>
    </form>
  );
}

/** What a campaign gives, for the page and its detail. */
function CampaignFacts({ campaign }: { campaign: RedPacketCampaign }) {
  const { t } = useTranslation();
  return (
    <Stats
      items={[
        { label: t('site.redPackets.coin'), value: COINS[campaign.coin].symbol },
        { label: t('site.redPackets.hashrate'), value: hashrate(campaign.hashrate, campaign.coin) },
        {
          label: t('site.redPackets.durationDays'),
          value: t('site.redPackets.days', { count: campaign.duration_days }),
        },
        { label: t('site.redPackets.remaining'), value: String(campaign.remaining) },
        { label: t('site.redPackets.activationDeadline'), value: dateTime(campaign.ends_at) },
      ]}
    />
  );
}

/**
 * `/activity/red_packet/:packet_id` (open to visitors) and its `/detail`: what the packet gives,
 * and receiving it. A visitor is asked to sign in or register and comes back here (the link's
 * id is kept under the `redpacket_hash` storage key, spec section 3, and in the redirect);
 * once received, the packet is activated on one of the user's accounts. The detail page also
 * explains the rules.
 */
export function Component() {
  const { t } = useTranslation();
  const { api, session } = useServices();
  const { loggedIn } = useSessionState();
  const detail = useRouteName() === 'RedPacketDetail';
  const { packet_id: packetId = '' } = useParams();
  const [version, setVersion] = useState(0);
  const [received, setReceived] = useState<RedPacket | null>(null);
  const campaign = useApiData(
    async (signal) => api.redPacketCampaign({ params: { packet_id: packetId } }, { signal }),
    [packetId, loggedIn, version],
  );

  useEffect(() => {
    if (!loggedIn && packetId !== '') session.set('redpacket_hash', packetId);
  }, [loggedIn, packetId, session]);

  const here = `/activity/red_packet/${encodeURIComponent(packetId)}`;
  const redirect = encodeURIComponent(here);

  return (
    <PageFrame
      title={detail ? t('site.routes.RedPacketDetail') : t('site.routes.RedPacket')}
      actions={
        <AppLink to={detail ? here : `${here}/detail`} className={uiStyles.link}>
          {detail ? t('site.redPackets.backToPacket') : t('site.redPackets.rules')}
        </AppLink>
      }
    >
      <div className={styles.stack}>
        <DataSection data={campaign} emptyText={t('site.redPackets.notFound')}>
          {(value) => (
            <>
              <Card title={value.name}>
                <CampaignFacts campaign={value} />
              </Card>
              {received !== null ? (
                <Card title={t('site.redPackets.activateTitle')}>
                  <RedPacketCard packet={received} coin={COINS[received.coin]} headingLevel={3} />
                  {received.status === 'inactive' ? (
                    <ActivateForm
                      packet={received}
                      onDone={(packet) => {
                        setReceived(packet);
                        setVersion((current) => current + 1);
                      }}
                    />
                  ) : (
                    <AppLink to={`/user/red_packet/${received.id}`} className={uiStyles.link}>
                      {t('site.redPackets.seeIncome')}
                    </AppLink>
                  )}
                </Card>
              ) : value.received ? (
                <Card>
                  <EmptyState
                    text={t('site.redPackets.alreadyReceived')}
                    action={
                      <AppLink to="/user/red_packet" className={uiStyles.link}>
                        {t('site.routes.UserRedPacket')}
                      </AppLink>
                    }
                  />
                </Card>
              ) : !value.open ? (
                <Card>
                  <EmptyState
                    text={
                      value.remaining === 0
                        ? t('site.redPackets.allReceived')
                        : t('site.redPackets.closed')
                    }
                  />
                </Card>
              ) : loggedIn ? (
                <Card title={t('site.redPackets.receiveTitle')}>
                  <ReceiveForm packetId={packetId} onReceived={setReceived} />
                </Card>
              ) : (
                <Card title={t('site.redPackets.receiveTitle')}>
                  <p className={uiStyles.muted}>{t('site.redPackets.signInToReceive')}</p>
                  <div className={styles.actions}>
                    <AppLink to={`/login?redirect=${redirect}`} className={uiStyles.link}>
                      {t('site.redPackets.signIn')}
                    </AppLink>
                    <AppLink to={`/register/email?redirect=${redirect}`} className={uiStyles.link}>
                      {t('site.redPackets.register')}
                    </AppLink>
                  </div>
                </Card>
              )}
              {detail ? (
                <Card title={t('site.redPackets.rules')}>
                  <ol className={styles.steps}>
                    <li>{t('site.redPackets.rule1')}</li>
                    <li>{t('site.redPackets.rule2')}</li>
                    <li>{t('site.redPackets.rule3')}</li>
                    <li>{t('site.redPackets.rule4')}</li>
                  </ol>
                </Card>
              ) : null}
            </>
          )}
        </DataSection>
      </div>
    </PageFrame>
  );
}
