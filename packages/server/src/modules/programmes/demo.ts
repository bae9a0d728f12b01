import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { queryRow } from '../../db/sql';
import { DEMO_OPERATOR } from '../admin/demo';
import { hashPassword } from '../identity/crypto';
import { DEMO_USER } from '../identity/demo';
import { createUser } from '../identity/users';
import { invitationCode } from './invitations';
import { createCampaign } from './redPacketCampaigns';
import { activatePacket, receivePacket } from './redPacketClaims';

const DAY_MS = 86_400_000;

/** The demo campaign's link id: `/activity/red_packet/demo-packet`. */
export const DEMO_CAMPAIGN_CODE = 'demo-packet';

/** The demo's invited friend (registered through the demo user's invitation code). */
export const DEMO_INVITEE = {
  email: 'friend@poolkit.local',
  username: 'demofriend',
  password: 'Friend12345',
} as const;

/**
 * Seeds the demo's programmes once (demo mode only, after the demo user and operator): a
 * red-packet campaign `demo-packet` by the demo operator (5 packets of 20 TH/s of BTC for 7 days), one of
 * them received and activated by the demo user on its main account, and a user `demofriend`
 * registered with the demo user's invitation code. Resolves true when it seeded now.
 */
export async function seedDemoProgrammes(
  context: AppContext,
  log?: FastifyBaseLogger,
): Promise<boolean> {
  const { database, clock } = context;
  const existing = await queryRow<{ id: string }>(
    database,
    sql`SELECT id::text AS id FROM red_packet_campaigns LIMIT 1`,
  );
  if (existing !== undefined) return false;
  const operator = await queryRow<{ id: string }>(
    database,
    sql`SELECT id::text AS id FROM users WHERE email = ${DEMO_OPERATOR.email}`,
  );
  const demo = await queryRow<{ id: string }>(
    database,
    sql`SELECT id::text AS id FROM users WHERE email = ${DEMO_USER.email}`,
  );
  if (operator === undefined || demo === undefined) return false;
  const nowMs = clock.now();
  const campaign = await createCampaign(database, {
    operatorId: operator.id,
    campaign: {
      name: 'Welcome hashrate',
      coin: 'btc',
      hashrate: 20e12,
      duration_days: 7,
      count: 5,
      activation_deadline: new Date(nowMs + 30 * DAY_MS).toISOString(),
    },
    ip: null,
    nowMs,
  });
  // A fixed campaign link, so the demo (and the site's screenshots) can open it by name.
  await database.db.execute(
    sql`UPDATE red_packet_campaigns SET code = ${DEMO_CAMPAIGN_CODE} WHERE id = ${campaign.id}::bigint`,
  );
  const packet = await receivePacket(database, {
    userId: demo.id,
    code: DEMO_CAMPAIGN_CODE,
    email: DEMO_USER.email,
    nowMs,
  });
  await activatePacket(database, {
    userId: demo.id,
    id: packet.id,
    account: DEMO_USER.username,
    nowMs,
  });
  const code = await invitationCode(database.db, demo.id, nowMs);
  try {
    await createUser(context, {
      username: DEMO_INVITEE.username,
      email: DEMO_INVITEE.email,
      passwordHash: await hashPassword(DEMO_INVITEE.password),
      inviteCode: code,
    });
  } catch (error) {
    if ((error as { code?: unknown }).code !== 40900) throw error;
  }
  log?.info(
    { redPacketLink: `/activity/red_packet/${DEMO_CAMPAIGN_CODE}` },
    `Demo red packets: open /activity/red_packet/${DEMO_CAMPAIGN_CODE} (4 packets left)`,
  );
  return true;
}
