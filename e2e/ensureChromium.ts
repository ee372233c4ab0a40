/**
 * Run before the end-to-end suite (`npm run test:e2e`): finds a Chromium (Debian's, Playwright's
 * own, or another on PATH), installs Playwright's when there is none and the network allows, and
 * otherwise stops with one line saying what to install.
 */
import { ensureChromium } from './browser';

if (!ensureChromium({ headlessShell: true })) process.exitCode = 1;
