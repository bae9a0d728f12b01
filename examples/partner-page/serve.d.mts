/** The partner page with its placeholders filled in for the pool at `poolOrigin`. */
export function partnerPageHtml(poolOrigin: string): Promise<string>;

/** Starts the partner page's server on `host:port` (default a free port on 127.0.0.1). */
export function startPartnerPage(options: {
  poolOrigin: string;
  port?: number;
  host?: string;
}): Promise<{ origin: string; close: () => Promise<void> }>;
