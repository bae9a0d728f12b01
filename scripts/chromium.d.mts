export const HEADLESS_SHELL: string;
export const CHROMIUM: string;
export function testChromiumPath(): string;
export const CHROMIUM_ARGS: string[];
