import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { Page } from 'playwright-core';

/** The `ffmpeg` on PATH, if there is one (Debian: `apt-get install ffmpeg`). */
export function systemFfmpeg(path = process.env.PATH ?? ''): string | undefined {
  for (const dir of path.split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, 'ffmpeg');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Frames a second of the video: the page's frames are repeated to keep real time. */
const FPS = 25;

/**
 * Records the page as a WebM video without Playwright's own ffmpeg (which cannot be downloaded
 * everywhere): Chromium's screencast (CDP `Page.startScreencast`) sends a JPEG whenever the page
 * changes, and the latest one is fed to the system's ffmpeg at a steady 25 frames a second, so the
 * video runs in real time. `stop()` ends the stream and waits for ffmpeg to finish the file.
 */
export async function startScreencastVideo(page: Page, ffmpeg: string, outPath: string): Promise<{ stop(): Promise<void> }> {
  const encoder = spawn(
    ffmpeg,
    ['-loglevel', 'error', '-f', 'image2pipe', '-c:v', 'mjpeg', '-framerate', String(FPS), '-i', 'pipe:0', '-c:v', 'libvpx', '-b:v', '1M', '-deadline', 'realtime', '-cpu-used', '8', '-pix_fmt', 'yuv420p', '-an', '-y', outPath],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let stderr = '';
  encoder.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const finished = new Promise<void>((resolve, reject) => {
    encoder.on('error', reject);
    encoder.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited with ${code}: ${stderr.trim()}`))));
  });
  // An early failure (a missing codec) must not become an unhandled rejection before stop().
  finished.catch(() => undefined);

  const cdp = await page.context().newCDPSession(page);
  let latest: Buffer | undefined;
  cdp.on('Page.screencastFrame', (frame: { data: string; sessionId: number }) => {
    latest = Buffer.from(frame.data, 'base64');
    cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 80, everyNthFrame: 1 });
  const ticker = setInterval(() => {
    if (latest && encoder.stdin.writable) encoder.stdin.write(latest);
  }, 1000 / FPS);

  return {
    async stop() {
      clearInterval(ticker);
      await cdp.send('Page.stopScreencast').catch(() => undefined);
      await cdp.detach().catch(() => undefined);
      encoder.stdin.end();
      await finished;
    },
  };
}
