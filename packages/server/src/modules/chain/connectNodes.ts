/**
 * The start's check of the configured coin nodes (`<COIN>_RPC_URL`): each must answer, take the
 * credentials and have the wallet of its URL loaded; its network comes from the node. A node
 * that fails stops the start with a message naming the variable (never the password): a coin
 * silently left on the demo chain would take deposits nobody can withdraw.
 */
import { type CoinNodeConfig, ConfigError, type ConfigIssue } from '../../config';
import {
  type BitcoinRpc,
  BitcoinRpcConnectionError,
  BitcoinRpcError,
  type BitcoinRpcOptions,
  createBitcoinRpc,
  RPC_WALLET_NOT_FOUND,
} from './bitcoinRpc';
import { createNodeChain, type NodeChain, type NodeNetwork } from './nodeChain';

const networks: readonly NodeNetwork[] = ['main', 'test', 'regtest', 'signet'];

function walletName(rpc: BitcoinRpc): string {
  const name = /\/wallet\/([^/]+)\/?$/.exec(new URL(rpc.redactedUrl).pathname)?.[1] ?? '';
  return decodeURIComponent(name);
}

/** What went wrong with a node, in words for the operator. */
function problem(error: unknown, rpc: BitcoinRpc): string {
  if (error instanceof BitcoinRpcConnectionError) {
    if (error.reason === 'credentials') return 'the node refused the credentials';
    return error.message.replace(/^The node/, 'the node');
  }
  if (error instanceof BitcoinRpcError) {
    if (error.code === RPC_WALLET_NOT_FOUND) {
      return `the node has no wallet "${walletName(rpc)}" loaded (create or load it on the node: createwallet / loadwallet)`;
    }
    return `the node answered with an error: ${error.message}`;
  }
  return `the node could not be checked: ${error instanceof Error ? error.name : 'unknown error'}`;
}

async function connectNode(
  node: CoinNodeConfig,
  options: BitcoinRpcOptions,
): Promise<NodeChain | ConfigIssue> {
  const rpc = createBitcoinRpc(node.url, options);
  try {
    await rpc.call('getwalletinfo');
    const { chain } = await rpc.call('getblockchaininfo');
    const network = networks.find((known) => known === chain);
    if (network === undefined) {
      return { variable: node.variable, message: `the node runs an unknown network "${chain}"` };
    }
    return createNodeChain({ coin: node.coin, rpc, network });
  } catch (error) {
    return { variable: node.variable, message: problem(error, rpc) };
  }
}

/**
 * Checks every configured node at once and answers their chain adapters.
 *
 * @throws {@link ConfigError} naming the variable of each node that failed.
 */
export async function connectNodeChains(
  nodes: readonly CoinNodeConfig[],
  options: BitcoinRpcOptions = { timeoutMs: 10_000 },
): Promise<NodeChain[]> {
  const results = await Promise.all(nodes.map((node) => connectNode(node, options)));
  const issues = results.filter((result): result is ConfigIssue => 'variable' in result);
  if (issues.length > 0) throw new ConfigError(issues);
  return results.filter((result): result is NodeChain => !('variable' in result));
}
