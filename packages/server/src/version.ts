import { readFileSync } from 'node:fs';
import { z } from 'zod';

const packageJson = z
  .object({ version: z.string() })
  .parse(JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')));

/** The server package's version, as `/api/health` and the OpenAPI document report it. */
export const serverVersion: string = packageJson.version;
