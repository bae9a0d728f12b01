import { type Config, type Environment, loadConfig } from '../config';

/** A site folder that does not exist, so tests never depend on a real site build. */
export const missingSiteDir = '/nonexistent/poolkit-site';

/**
 * The configuration tests build apps with: test mode (silent logs, response validation on)
 * and no site, overridable by `env`.
 */
export function testConfig(env: Environment = {}): Config {
  return loadConfig({ NODE_ENV: 'test', SITE_DIR: missingSiteDir, ...env });
}
