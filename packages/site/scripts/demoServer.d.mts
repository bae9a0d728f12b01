/** Types of `demoServer.mjs` for the TypeScript that imports it (`e2e/globalSetup.ts`). */

/** A port nothing listens on now, on loopback. */
export function freePort(): Promise<number>;

/** One running server of {@link startDemoServer}. */
export interface DemoServer {
  /** Its origin, e.g. `http://127.0.0.1:41234`. */
  readonly baseUrl: string;
  /** SIGTERM (SIGKILL after 10 s), then removes its data folder. */
  stop(): Promise<void>;
  /** Settles once the demo engine has written its simulated history (log level info or lower). */
  readonly historyWritten: Promise<void>;
}

/** Starts the server as `npm start` does, on a fresh data folder and a free port. */
export function startDemoServer(options?: {
  env?: Record<string, string>;
  label?: string;
  timeoutMs?: number;
}): Promise<DemoServer>;
