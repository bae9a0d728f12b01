import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { endpoints } from '../../contract';
import { createGuessBrake, describeWait, wrongWhenStatus } from '../../http/guessBrake';
import { registerEndpoint } from '../../http/registerEndpoint';
import { userOf } from '../../http/userOf';
import { requireOperator } from '../admin/operators';
import { seedDemoProgrammes } from './demo';
import {
  readInvitationSummary,
  readInvitees,
  readInviteRewards,
  settleInviteRewards,
} from './invitations';
import { readPacketIncome, readUserPacket, readUserPackets } from './receivedRedPackets';
import {
  createCampaign,
  disableCampaign,
  readCampaignPackets,
  readCampaigns,
} from './redPacketCampaigns';
import { activatePacket, readPublicCampaign, receivePacket } from './redPacketClaims';
import { advanceRedPackets } from './redPacketJob';

/** Claims per client address and window: links cannot be tried in bulk. */
const receiveLimit = { key: 'red-packet-receive', limit: 30, windowMs: 10 * 60_000 } as const;
/**
 * Public views of a packet per client address and minute. The view needs no sign-in and says
 * whether a code exists (404 otherwise), so without a limit it would test codes in bulk.
 * Decision: 60 a minute, a figure no person opening links reaches (a page shows one packet and
 * reads it again only on a reload), while a script trying codes is held to 60 a minute, about
 * 86,000 a day from one address, against codes of 12 random characters.
 */
const viewLimit = { key: 'red-packet-view', limit: 60, windowMs: 60_000 } as const;

/** The site's origin as the request shows it (behind a proxy: with `TRUST_PROXY`). */
function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Hashrate red packets and the invitation programme (spec sections 3, 4, 5, 6 and 9):
 * operators' campaigns (`/admin/red-packets…`, audited), the public packet view, receiving and
 * activating, the receiver's packets and income; every user's invitation code, invitees and
 * rewards. One minute job, once across nodes, moves packets on (invalid, credited, expired)
 * and settles the invitation rewards of closed days. In demo mode it seeds a campaign and an
 * invitation (`demo.ts`).
 */
export function registerProgrammesModule(app: FastifyInstance, identity: AppContext): void {
  const { database, clock } = app.platform;

  registerEndpoint(
    app,
    endpoints.redPacketCampaign,
    async ({ params }, { principal }) =>
      readPublicCampaign(
        database.db,
        params.packet_id,
        principal?.kind === 'user' ? principal.userId : null,
        clock.now(),
      ),
    { rateLimit: viewLimit },
  );
  const codeBrake = createGuessBrake(database, clock, {
    scope: 'red-packet-code',
    message: (seconds) => `Too many wrong red-packet codes: try again in ${describeWait(seconds)}`,
  });
  registerEndpoint(
    app,
    endpoints.receiveRedPacket,
    async ({ params, body }, { principal }) => {
      const userId = userOf(principal);
      // Per user, whatever the address: 5 unknown codes run freely, then each further claim
      // waits 1, 2, 4 … minutes (429 naming `packet_id`, with Retry-After), a right code
      // included. Other refusals (wrong email, campaign ended, already received) are not
      // counted: the code exists.
      return codeBrake.attempt(
        userId,
        'packet_id',
        () =>
          receivePacket(database, {
            userId,
            code: params.packet_id,
            email: body.email,
            nowMs: clock.now(),
          }),
        wrongWhenStatus(404),
      );
    },
    { rateLimit: receiveLimit },
  );
  registerEndpoint(app, endpoints.redPackets, async ({ query }, { principal }) =>
    readUserPackets(database.db, userOf(principal), query),
  );
  registerEndpoint(app, endpoints.redPacket, async ({ params }, { principal }) =>
    readUserPacket(database.db, userOf(principal), params.id),
  );
  registerEndpoint(app, endpoints.activateRedPacket, async ({ params, body }, { principal }) =>
    activatePacket(database, {
      userId: userOf(principal),
      id: params.id,
      account: body.account,
      nowMs: clock.now(),
    }),
  );
  registerEndpoint(app, endpoints.redPacketProfits, async ({ params, query }, { principal }) =>
    readPacketIncome(database.db, userOf(principal), params.id, query),
  );

  registerEndpoint(app, endpoints.invitation, async (_input, { principal, request }) =>
    readInvitationSummary(database, userOf(principal), originOf(request), clock.now()),
  );
  registerEndpoint(app, endpoints.invitees, async ({ query }, { principal }) =>
    readInvitees(database.db, userOf(principal), query, clock.now()),
  );
  registerEndpoint(app, endpoints.inviteRewards, async ({ query }, { principal }) =>
    readInviteRewards(database.db, userOf(principal), query),
  );

  registerEndpoint(app, endpoints.adminRedPacketCampaigns, async ({ query }, { principal }) => {
    requireOperator(principal);
    return readCampaigns(database.db, query);
  });
  registerEndpoint(
    app,
    endpoints.createRedPacketCampaign,
    async ({ body }, { principal, request }) =>
      createCampaign(database, {
        operatorId: requireOperator(principal),
        campaign: body,
        ip: request.ip,
        nowMs: clock.now(),
      }),
  );
  registerEndpoint(app, endpoints.adminRedPackets, async ({ params, query }, { principal }) => {
    requireOperator(principal);
    return readCampaignPackets(database.db, params.campaign_id, query);
  });
  registerEndpoint(
    app,
    endpoints.disableRedPacketCampaign,
    async ({ params }, { principal, request }) =>
      disableCampaign(database, {
        operatorId: requireOperator(principal),
        campaignId: params.campaign_id,
        ip: request.ip,
        nowMs: clock.now(),
      }),
  );

  app.addHook('onReady', async () => {
    if (app.platform.config.demo && app.platform.config.env !== 'test') {
      await seedDemoProgrammes(identity, app.log);
    }
  });
  app.jobs.declare({
    name: 'programmes',
    cadence: 'minute',
    exclusive: true,
    run: async (nowMs) => {
      const packets = await advanceRedPackets(database, nowMs);
      const rewards = await settleInviteRewards(database, nowMs);
      if (packets.invalidated + packets.credited + packets.expired + rewards > 0) {
        app.log.info({ ...packets, rewards }, 'programmes moved on');
      }
    },
  });
}
