import type { Browser } from 'playwright-core';

export declare const CHROMIUM_PATH: string;
export declare function serveApp(): Promise<{ url: string; close(): Promise<void> }>;
export declare function launchChromium(): Promise<Browser>;
