import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** Debian's Chromium where it is installed (Playwright cannot download browsers here), else Playwright's own. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const chromiumPath: string | undefined = process.env.PLAYWRIGHT_CHROMIUM ?? (existsSync(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);

/** The closed network refuses Chromium's background connections; a container has no GPU or sandbox. */
export const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Videos need Playwright's own ffmpeg build, which cannot be downloaded on a closed network. */
const browsersPath = process.env.PLAYWRIGHT_BROWSERS_PATH ?? join(homedir(), '.cache', 'ms-playwright');
export const hasFfmpeg: boolean = existsSync(browsersPath) && readdirSync(browsersPath).some((name) => name.startsWith('ffmpeg'));
