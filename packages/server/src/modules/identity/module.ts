import type { FastifyInstance } from 'fastify';

/**
 * Identity and accounts: registration, login, tokens, 2FA, codes, permissions, settings,
 * cancellation, sub-accounts and observer links. Plugs its token verifier into the platform.
 */
export async function registerIdentityModule(_app: FastifyInstance): Promise<void> {}
