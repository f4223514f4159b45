import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bin, quietEnv, run } from "../../lib/run";

/**
 * The playable sample video of the demo catalogue, put into local R2 for the
 * seeded state. Made with ffmpeg when it is installed (a 10 s H.264/AAC test
 * pattern with a 440 Hz tone); otherwise the same kind of file committed at
 * scripts/seed/media/sample.mp4 is used.
 */
export const SAMPLE_VIDEO = {
  /** R2 key; served at /media/videos/sample-test-pattern.mp4 (decision 005). */
  key: "catalogue/videos/sample-test-pattern.mp4",
  seconds: 10,
} as const;

/** The R2 bucket of the FILES binding in wrangler.toml. */
const BUCKET = "media-catalogue-files";
const COMMITTED_SAMPLE = fileURLToPath(new URL("../media/sample.mp4", import.meta.url));

function ffmpegAvailable(): boolean {
  return spawnSync("ffmpeg", ["-version"], { stdio: "ignore" }).status === 0;
}

/** Makes the sample with ffmpeg into `dir`; returns its path, or null when ffmpeg failed. */
export function makeSampleWithFfmpeg(dir: string): string | null {
  mkdirSync(dir, { recursive: true });
  const out = join(dir, "sample-test-pattern.mp4");
  const result = spawnSync(
    "ffmpeg",
    [
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-f",
      "lavfi",
      "-i",
      `testsrc2=size=640x360:rate=25:duration=${SAMPLE_VIDEO.seconds}`,
      "-f",
      "lavfi",
      "-i",
      `sine=frequency=440:sample_rate=44100:duration=${SAMPLE_VIDEO.seconds}`,
      "-c:v",
      "libx264",
      "-profile:v",
      "main",
      "-pix_fmt",
      "yuv420p",
      "-preset",
      "veryfast",
      "-crf",
      "30",
      "-g",
      "50",
      "-c:a",
      "aac",
      "-b:a",
      "64k",
      "-ac",
      "2",
      "-movflags",
      "+faststart",
      "-shortest",
      out,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  return result.status === 0 && existsSync(out) ? out : null;
}

/**
 * Puts the sample into the local R2 under `persistTo` (wrangler's local
 * storage), once: a marker file remembers it, so `npm start` does not pay for
 * a wrangler run every time.
 */
export async function uploadSampleVideo(persistTo: string, log: (line: string) => void) {
  const marker = resolve(persistTo, "catalogue-media.json");
  if (existsSync(marker) && JSON.parse(readFileSync(marker, "utf8")).key === SAMPLE_VIDEO.key) return;
  const made = ffmpegAvailable() ? makeSampleWithFfmpeg(resolve(persistTo, "seed-media")) : null;
  const file = made ?? COMMITTED_SAMPLE;
  await run(bin("wrangler"), ["r2", "object", "put", `${BUCKET}/${SAMPLE_VIDEO.key}`, "--file", file, "--content-type", "video/mp4", "--local", "--persist-to", persistTo], {
    env: quietEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  writeFileSync(marker, JSON.stringify({ key: SAMPLE_VIDEO.key, source: made ? "ffmpeg" : "committed sample", at: new Date().toISOString() }));
  log(`Put the sample video (${made ? "made with ffmpeg" : "committed sample"}) into local R2 as ${SAMPLE_VIDEO.key}.`);
}
