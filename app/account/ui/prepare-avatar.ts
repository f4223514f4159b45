import { AVATAR_MAX_BYTES, AVATAR_MAX_DIMENSION_PX, AVATAR_MAX_PIXELS, AVATAR_UPLOAD_SIZE_PX } from "~/constants";
import { inspectImage, type AvatarMime } from "../../files/avatar-image";

export type PreparedAvatar = { ok: true; file: Blob; name: string; mime: AvatarMime } | { ok: false; message: string; params?: Record<string, string | number> };

/**
 * Before uploading a chosen image (browser only): the same checks the server
 * makes, for an immediate message, then a copy scaled down to fit
 * AVATAR_UPLOAD_SIZE_PX (re-encoding drops the photo's metadata, and the
 * browser applies its EXIF orientation). Animated GIFs are sent as they are.
 * The server checks everything again.
 */
export async function prepareAvatarForUpload(file: File): Promise<PreparedAvatar> {
  if (file.size <= 0) return { ok: false, message: "Please select an image." };
  if (file.size > AVATAR_MAX_BYTES) {
    return { ok: false, message: "Please select an image. It may not be larger than :size MB.", params: { size: AVATAR_MAX_BYTES / 1024 / 1024 } };
  }
  const info = inspectImage(new Uint8Array(await file.arrayBuffer()));
  if (!info.ok) {
    return info.reason === "svg"
      ? { ok: false, message: "Please select an image. SVG images are not accepted." }
      : { ok: false, message: "Please select an image. Only PNG, JPEG, GIF and WebP images are accepted." };
  }
  if (info.width > AVATAR_MAX_DIMENSION_PX || info.height > AVATAR_MAX_DIMENSION_PX || info.width * info.height > AVATAR_MAX_PIXELS) {
    return { ok: false, message: "Please select an image. It may be at most :size pixels wide and high.", params: { size: AVATAR_MAX_DIMENSION_PX } };
  }
  const largest = Math.max(info.width, info.height);
  const original = { ok: true as const, file, name: file.name, mime: info.mime };
  if (info.mime === "image/gif" || largest <= AVATAR_UPLOAD_SIZE_PX) return original;
  const scaled = await scaleDown(file, info.mime, AVATAR_UPLOAD_SIZE_PX / largest).catch(() => null);
  // A browser that cannot decode it here still lets the server decide.
  return scaled ? { ok: true, file: scaled, name: file.name, mime: info.mime } : original;
}

async function scaleDown(file: File, mime: AvatarMime, ratio: number): Promise<Blob | null> {
  const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  const width = Math.max(1, Math.round(bitmap.width * ratio));
  const height = Math.max(1, Math.round(bitmap.height * ratio));
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return null;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  // PNG keeps transparency; photos stay JPEG (or WebP).
  return new Promise((resolve) => canvas.toBlob(resolve, mime, mime === "image/png" ? undefined : 0.9));
}
