import { isApiError } from '@poolkit/core/client';
import { ERROR_CODES, type RedPacket } from '@poolkit/core/contract';
import { COINS } from '@poolkit/core/domain';
import { RedPacketCard, type RedPacketReceiveError } from '@poolkit/widgets/RedPacketCard';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reportError, showMessage } from '../../app/feedback';
import { useNavigate, useParams } from '../../app/nav';
import { useServices, useSessionState } from '../../app/servicesContext';
import { AppLink, Card, DataSection, PageFrame, uiStyles } from '../../app/ui';
import { useApiData } from '../../app/useApiData';
import { useRouteName } from '../../app/useRouteName';
import { ActivateForm } from './ActivateForm';
import * as styles from './programmes.css';

/** What the widget shows for a refused receive, by the server's answer; `null` for any other. */
function refusalOf(error: unknown): RedPacketReceiveError | null {
  if (!isApiError(error)) return null;
  if (error.fields.some((item) => item.field === 'email')) return 'emailMismatch';
  switch (error.code) {
    case ERROR_CODES.redPacketAlreadyReceived:
      return 'alreadyReceived';
    case ERROR_CODES.redPacketsGone:
      return 'gone';
    case ERROR_CODES.redPacketClosed:
      return 'closed';
    default:
      return null;
  }
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
  const [received, setReceived] = useState<RedPacket | null>(null);
  const [receiving, setReceiving] = useState(false);
  const [refusal, setRefusal] = useState<RedPacketReceiveError | null>(null);
  const navigate = useNavigate();
  const campaign = useApiData(
    async (signal) => api.redPacketCampaign({ params: { packet_id: packetId } }, { signal }),
    [packetId, loggedIn],
    // The campaign as the visitor or the signed-in user sees it.
    { key: ['redPacketCampaign', { params: { packet_id: packetId }, loggedIn }] },
  );

  useEffect(() => {
    if (!loggedIn && packetId !== '') session.set('redpacket_hash', packetId);
  }, [loggedIn, packetId, session]);

  const here = `/activity/red_packet/${encodeURIComponent(packetId)}`;
  const redirect = encodeURIComponent(here);

  /** Receives the packet with the email bound to the account (spec section 5). */
  async function receive(email: string) {
    setReceiving(true);
    setRefusal(null);
    try {
      const packet = await api.receiveRedPacket({
        params: { packet_id: packetId },
        body: { email },
      });
      session.set('redpacket_hash', null);
      showMessage(t('site.redPackets.received'), 'success');
      setReceived(packet);
    } catch (caught) {
      const reason = refusalOf(caught);
      if (reason === null) reportError(caught);
      setRefusal(reason);
    } finally {
      setReceiving(false);
    }
  }

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
              {received !== null ? (
                <Card title={t('site.redPackets.activateTitle')}>
                  <RedPacketCard packet={received} coin={COINS[received.coin]} headingLevel={3} />
                  {received.status === 'inactive' ? (
                    <ActivateForm packet={received} onDone={(packet) => setReceived(packet)} />
                  ) : (
                    <AppLink to={`/user/red_packet/${received.id}`} className={uiStyles.link}>
                      {t('site.redPackets.seeIncome')}
                    </AppLink>
                  )}
                </Card>
              ) : (
                <>
                  <RedPacketCard
                    offer={value}
                    coin={COINS[value.coin]}
                    headingLevel={2}
                    signedIn={loggedIn}
                    signInHref={`/login?redirect=${redirect}`}
                    registerHref={`/register/email?redirect=${redirect}`}
                    onNavigate={(href, event) => {
                      event.preventDefault();
                      void navigate(href);
                    }}
                    onReceive={(email) => void receive(email)}
                    receiving={receiving}
                    receiveError={refusal}
                  />
                  {value.received || refusal === 'alreadyReceived' ? (
                    <AppLink to="/user/red_packet" className={uiStyles.link}>
                      {t('site.routes.UserRedPacket')}
                    </AppLink>
                  ) : null}
                </>
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
