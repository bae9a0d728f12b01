/**
 * A JSON-RPC 1.0 client for the Bitcoin Core family of nodes (Bitcoin, Litecoin, Dogecoin,
 * Dash, and the forks that kept its RPC), over fetch.
 *
 * The node's URL carries its credentials and wallet (`http://user:password@host:port/wallet/NAME`).
 * The password never leaves this file: errors and logs name the node by {@link redactRpcUrl}.
 *
 * Amounts are money, so they never pass through a binary float: a payment's amount is written
 * into the request as the decimal literal itself ({@link rpcAmount}), and every non-integer
 * number of an answer is read as its decimal text (the node writes amounts with all eight
 * decimals, `1.50000000`, so an amount always reads as a string).
 */

/** Replaces the password of a URL with `***`, even in a URL that does not parse. */
export function redactRpcUrl(url: string): string {
  // Up to the authority's last `@`, as URL parsers read it: a password may hold an `@`.
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/@:]*):[^/?#]*@/i, '$1:***@');
}

/** The node answered, with an error of its own (a bad parameter, no such transaction…). */
export class BitcoinRpcError extends Error {
  /** The node's error code, e.g. -5 (no such transaction), -18 (no such wallet). */
  readonly code: number;
  readonly method: string;

  constructor(method: string, code: number, message: string) {
    super(`${method}: ${message} (RPC error ${code})`);
    this.name = 'BitcoinRpcError';
    this.code = code;
    this.method = method;
  }
}

/** Why the node could not be asked: no answer, credentials refused, or an answer that is not JSON-RPC. */
export type BitcoinRpcConnectionReason = 'unreachable' | 'credentials' | 'answer';

/** The call did not reach the node's RPC (as opposed to {@link BitcoinRpcError}, the node's own). */
export class BitcoinRpcConnectionError extends Error {
  readonly reason: BitcoinRpcConnectionReason;

  constructor(reason: BitcoinRpcConnectionReason, message: string) {
    super(message);
    this.name = 'BitcoinRpcConnectionError';
    this.reason = reason;
  }
}

/** Error codes of the node this code acts on. */
export const RPC_INVALID_ADDRESS_OR_KEY = -5;
export const RPC_WALLET_NOT_FOUND = -18;
export const RPC_IN_WARMUP = -28;

/** An amount of coins written into a request as its exact decimal literal. */
export interface RpcAmount {
  readonly rpcLiteral: string;
}

/**
 * An amount for a request, from a decimal string with at most `decimals` places (8 for the
 * family's coins). Throws on anything else: a rounded amount is a wrong payment.
 */
export function rpcAmount(decimal: string, decimals = 8): RpcAmount {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(decimal.trim());
  if (match === null || (match[2]?.length ?? 0) > decimals) {
    throw new Error(`Not an amount with at most ${decimals} decimals: ${JSON.stringify(decimal)}`);
  }
  const whole = (match[1] ?? '0').replace(/^0+(?=\d)/, '');
  return { rpcLiteral: `${whole}.${(match[2] ?? '').padEnd(decimals, '0')}` };
}

function isRpcAmount(value: unknown): value is RpcAmount {
  return typeof value === 'object' && value !== null && 'rpcLiteral' in value;
}

/** One transaction line of `listtransactions`. */
export interface WalletTransactionLine {
  readonly txid: string;
  readonly category: 'send' | 'receive' | 'generate' | 'immature' | 'orphan';
  readonly address?: string;
  readonly amount: string;
  readonly fee?: string;
  readonly confirmations: number;
  readonly comment?: string;
  readonly abandoned?: boolean;
}

/** The answer of `gettransaction`. */
export interface WalletTransaction {
  readonly txid: string;
  readonly amount: string;
  /** Negative: what the wallet paid; only on a transaction the wallet sent. */
  readonly fee?: string;
  /** Negative when a conflicting transaction is in the best chain. */
  readonly confirmations: number;
  readonly walletconflicts: readonly string[];
  /** The wallet's own replacement of it (`bumpfee`), paying the same outputs. */
  readonly replaced_by_txid?: string;
  /** The transaction this one replaces (`bumpfee`). */
  readonly replaces_txid?: string;
  readonly comment?: string;
  readonly details: readonly {
    readonly address?: string;
    readonly category: string;
    readonly amount: string;
    readonly abandoned?: boolean;
  }[];
}

/** The calls PoolKit makes, with their parameters and answers. */
export interface BitcoinRpcMethods {
  getblockchaininfo: {
    params: [];
    result: { chain: string; blocks: number; bestblockhash: string };
  };
  getwalletinfo: { params: []; result: { walletname: string; balance: string; txcount: number } };
  getnewaddress: { params: [label?: string]; result: string };
  validateaddress: { params: [address: string]; result: { isvalid: boolean; address?: string } };
  sendtoaddress: {
    params: [
      address: string,
      amount: RpcAmount,
      comment?: string,
      commentTo?: string,
      subtractFeeFromAmount?: boolean,
      replaceable?: boolean,
    ];
    result: string;
  };
  bumpfee: { params: [txid: string]; result: { txid: string; fee: string } };
  listtransactions: {
    params: [label: string, count: number, skip: number, includeWatchOnly?: boolean];
    result: WalletTransactionLine[];
  };
  gettransaction: { params: [txid: string]; result: WalletTransaction };
  getreceivedbyaddress: { params: [address: string, minConfirmations?: number]; result: string };
  getbalance: { params: []; result: string };
  generatetoaddress: { params: [blocks: number, address: string]; result: string[] };
  createwallet: { params: [name: string]; result: { name: string } };
  stop: { params: []; result: string };
}

/** A method of {@link BitcoinRpcMethods}. */
export type BitcoinRpcMethod = keyof BitcoinRpcMethods;

/** A node's RPC, one wallet of it. */
export interface BitcoinRpc {
  /** The node's URL without its password, for messages and logs. */
  readonly redactedUrl: string;
  call<M extends BitcoinRpcMethod>(
    method: M,
    ...params: BitcoinRpcMethods[M]['params']
  ): Promise<BitcoinRpcMethods[M]['result']>;
}

/** Options of {@link createBitcoinRpc}. */
export interface BitcoinRpcOptions {
  /** How long one call may take. Default 30 s (a send on a big wallet takes a while). */
  readonly timeoutMs?: number;
}

/**
 * Writes the request body; amounts go in as their decimal literal, which the node parses
 * exactly (a JSON number, not a string).
 */
function requestBody(method: string, params: readonly unknown[]): string {
  // Trailing omitted parameters are left out; the node applies its defaults.
  const given = [...params];
  while (given.length > 0 && given[given.length - 1] === undefined) given.pop();
  const written = given.map((param) =>
    isRpcAmount(param) ? param.rpcLiteral : JSON.stringify(param ?? null),
  );
  return `{"jsonrpc":"1.0","id":"poolkit","method":${JSON.stringify(method)},"params":[${written.join(',')}]}`;
}

/**
 * Parses an answer with every non-integer number (the amounts) kept as its decimal text: each
 * number literal outside a string that has a fraction or an exponent is quoted before parsing.
 */
export function parseDecimalJson(text: string): unknown {
  let out = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? '';
    if (char === '"') {
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      out += text.slice(index, end + 1);
      index = end + 1;
    } else if (char === '-' || (char >= '0' && char <= '9')) {
      const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(index, index + 64))?.[0];
      if (number === undefined) throw new SyntaxError(`Unexpected ${char} at ${index}`);
      out += /[.eE]/.test(number) ? `"${number}"` : number;
      index += number.length;
    } else {
      out += char;
      index += 1;
    }
  }
  return JSON.parse(out);
}

/**
 * A client of the node at `url` (`http://user:password@host:port/wallet/NAME`).
 *
 * @example
 * const rpc = createBitcoinRpc(process.env.LTC_RPC_URL);
 * const info = await rpc.call('getblockchaininfo'); // info.chain: 'main' | 'test' | 'regtest'
 */
export function createBitcoinRpc(url: string, options: BitcoinRpcOptions = {}): BitcoinRpc {
  const redactedUrl = redactRpcUrl(url);
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  if (parsed === undefined || !['http:', 'https:'].includes(parsed.protocol)) {
    throw new Error(`Not an http:// RPC URL: ${redactedUrl}`);
  }
  const authorization = `Basic ${Buffer.from(
    `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`,
  ).toString('base64')}`;
  // fetch refuses a URL with credentials; they travel in the header.
  parsed.username = '';
  parsed.password = '';
  const endpoint = parsed.toString();
  const timeoutMs = options.timeoutMs ?? 30_000;

  return {
    redactedUrl,
    async call(method, ...params) {
      let response: Response;
      let text: string;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json' },
          body: requestBody(method, params),
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        // The request went to the URL without its credentials, so nothing here quotes them.
        const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
        const code =
          typeof cause?.code === 'string'
            ? cause.code
            : error instanceof Error && error.name === 'TimeoutError'
              ? `no answer in ${timeoutMs} ms`
              : typeof cause?.message === 'string'
                ? cause.message
                : 'no answer';
        throw new BitcoinRpcConnectionError(
          'unreachable',
          `The node at ${redactedUrl} does not answer (${code})`,
        );
      }
      if (response.status === 401 || response.status === 403) {
        throw new BitcoinRpcConnectionError(
          'credentials',
          `The node at ${redactedUrl} refused the credentials`,
        );
      }
      let answer: { result?: unknown; error?: { code?: unknown; message?: unknown } | null };
      try {
        answer = parseDecimalJson(text) as typeof answer;
      } catch {
        throw new BitcoinRpcConnectionError(
          'answer',
          `The node at ${redactedUrl} answered ${method} with HTTP ${response.status}, not JSON-RPC`,
        );
      }
      if (answer.error !== null && answer.error !== undefined) {
        throw new BitcoinRpcError(
          method,
          typeof answer.error.code === 'number' ? answer.error.code : 0,
          typeof answer.error.message === 'string' ? answer.error.message : 'unknown error',
        );
      }
      return answer.result as never;
    },
  };
}
