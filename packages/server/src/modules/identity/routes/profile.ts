import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { ERROR_CODES, endpoints } from '../../../contract';
import { isoSeconds } from '../../../db/sql';
import { bearerToken } from '../../../http/authenticate';
import { HttpError } from '../../../http/httpError';
import { registerEndpoint } from '../../../http/registerEndpoint';
import { userOf } from '../../../http/userOf';
import { accountAnswer, findOwnAccount } from '../../accounts/routes';
import { readUserMining } from '../../pools/userMining';
import { requestCancellation } from '../cancellation';
import {
  OBSERVER_PERMISSIONS,
  OBSERVER_ROLES,
  OPERATOR_PERMISSION,
  userRoles,
} from '../permissions';
import { signInRequired } from '../refusals';
import {
  currentActingAccount,
  describeUser,
  findObserverLink,
  listUserLogs,
  setCurrentAccount,
  settingsOf,
  updateSettings,
} from '../userProfile';
import { addUserLog, requireUser } from '../users';

/**
 * The signed-in user's own things: permissions, current account, settings, observer session,
 * mining overview, cancellation and log.
 */
export function registerProfileRoutes(app: FastifyInstance, context: AppContext): void {
  registerEndpoint(app, endpoints.currentPermissions, async (_input, { principal }) => {
    if (principal === null) signInRequired();
    if (principal.kind === 'observer') {
      return {
        roles: [...OBSERVER_ROLES],
        permissions: [...OBSERVER_PERMISSIONS] as ['pool.view'],
      };
    }
    const account = await currentActingAccount(context, principal.userId);
    return {
      roles: userRoles(account, principal.permissions.includes(OPERATOR_PERMISSION)),
      permissions: [...principal.permissions] as ['pool.view'],
    };
  });

  registerEndpoint(app, endpoints.setCurrentAccount, async ({ body }, { principal, request }) => {
    const userId = userOf(principal);
    const account = await findOwnAccount(context, userId, body.account);
    await setCurrentAccount(context, userId, account.id);
    await addUserLog(context, userId, 'operation', 'account_switched', request);
    return accountAnswer({ ...account, current: true });
  });

  registerEndpoint(app, endpoints.updateSettings, async ({ body }, { principal }) => {
    const userId = userOf(principal);
    await updateSettings(context, userId, body);
    return settingsOf(await requireUser(context, userId));
  });

  registerEndpoint(app, endpoints.observerInfo, async (_input, { principal, request }) => {
    const token = bearerToken(request);
    if (principal?.kind !== 'observer' || token === undefined) {
      throw new HttpError(403, ERROR_CODES.forbidden, 'This call is for observer sessions');
    }
    const link = await findObserverLink(context, token);
    if (link === undefined)
      throw new HttpError(401, ERROR_CODES.unauthorized, 'The observer link is not valid');
    return {
      nickname: link.nickname,
      account: link.name,
      pools: JSON.parse(link.pools) as string[],
      expires_at: link.expires_ms === null ? null : isoSeconds(link.expires_ms),
      roles: [...OBSERVER_ROLES],
      permissions: [...OBSERVER_PERMISSIONS] as ['pool.view'],
    };
  });

  // The mining overview comes from the pool engine's figures, one line per account and pool.
  registerEndpoint(app, endpoints.userMining, async (_input, { principal }) => ({
    list: await readUserMining(context.database.db, userOf(principal), context.clock.now()),
  }));

  registerEndpoint(app, endpoints.requestCancellation, async ({ body }, { principal, request }) =>
    requestCancellation(context, userOf(principal), body.validation_token, request),
  );

  registerEndpoint(app, endpoints.userLogs, async ({ query }, { principal }) =>
    listUserLogs(context, userOf(principal), query),
  );
}

/** The user's profile (`/users/info`). */
export function registerUserInfoRoute(app: FastifyInstance, context: AppContext): void {
  registerEndpoint(app, endpoints.userInfo, async (_input, { principal }) => {
    const user = await requireUser(context, userOf(principal));
    const operator = principal?.permissions.includes(OPERATOR_PERMISSION) ?? false;
    return describeUser(context, user, operator);
  });
}
