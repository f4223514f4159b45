import { presignUrl, signRequest, uriEncode, type SigV4Credentials } from "./sigv4";

/**
 * R2's S3-compatible API, for the two things the R2 binding cannot do:
 * hand a browser a URL that uploads straight into the bucket (presigned PUT
 * of an object or of one part of a multipart upload), and list the parts of
 * a multipart upload whose parts went there directly.
 *
 * Used only when the S3 credentials are configured (R2_ACCOUNT_ID,
 * R2_ACCESS_KEY_ID, R2_SECRET_ACCESS_KEY, R2_BUCKET_NAME; R2_S3_ENDPOINT for
 * an EU jurisdiction bucket or a stand-in); otherwise the Worker's own signed
 * part endpoint does the job. Multipart uploads the binding creates are the
 * bucket's own, so their upload ids work on both sides.
 */
export interface R2S3Config {
  accessKeyId: string;
  secretAccessKey: string;
  bucketName: string;
  /** https://<account id>.r2.cloudflarestorage.com unless R2_S3_ENDPOINT says otherwise. */
  endpoint: string;
}

export interface R2S3Api {
  config: R2S3Config;
  /** Outgoing requests to the S3 API (tests answer them with a stand-in). */
  fetch: typeof fetch;
}

type R2Env = Partial<Record<"R2_ACCOUNT_ID" | "R2_ACCESS_KEY_ID" | "R2_SECRET_ACCESS_KEY" | "R2_BUCKET_NAME" | "R2_S3_ENDPOINT", string>>;

/** The S3 API settings from the Worker's environment, or null when any of them is missing. */
export function r2S3ConfigFrom(env: unknown): R2S3Config | null {
  const vars = (env ?? {}) as R2Env;
  const accountId = vars.R2_ACCOUNT_ID?.trim();
  const accessKeyId = vars.R2_ACCESS_KEY_ID?.trim();
  const secretAccessKey = vars.R2_SECRET_ACCESS_KEY?.trim();
  const bucketName = vars.R2_BUCKET_NAME?.trim();
  const explicit = vars.R2_S3_ENDPOINT?.trim();
  if (!accessKeyId || !secretAccessKey || !bucketName || (!accountId && !explicit)) return null;
  if (accountId && !/^[a-f0-9]{32}$/i.test(accountId) && !explicit) return null;
  const endpoint = (explicit || `https://${accountId}.r2.cloudflarestorage.com`).replace(/\/+$/, "");
  return { accessKeyId, secretAccessKey, bucketName, endpoint };
}

/** The origin browsers upload to (the page's CSP must allow it in connect-src). */
export function r2UploadOrigin(env: unknown): string | null {
  const config = r2S3ConfigFrom(env);
  return config ? new URL(config.endpoint).origin : null;
}

function credentials(config: R2S3Config): SigV4Credentials {
  // R2 accepts "auto" (or us-east-1) as the region.
  return { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: "auto", service: "s3" };
}

/** Path-style object URL; keys are files/<hex> or similar, each segment encoded. */
function objectUrl(config: R2S3Config, key: string): URL {
  return new URL(`${config.endpoint}/${uriEncode(config.bucketName)}/${uriEncode(key, { keepSlash: true })}`);
}

/** A presigned PUT of the whole object at `key`. */
export function presignObjectPut(config: R2S3Config, key: string, expiresInSeconds: number, now: Date): Promise<string> {
  return presignUrl(credentials(config), { method: "PUT", url: objectUrl(config, key), expiresInSeconds, now });
}

/** A presigned UploadPart: PUT of part `partNumber` of multipart upload `uploadId` at `key`. */
export function presignPartPut(config: R2S3Config, ref: { key: string; uploadId: string; partNumber: number }, expiresInSeconds: number, now: Date): Promise<string> {
  const url = objectUrl(config, ref.key);
  url.searchParams.set("partNumber", String(ref.partNumber));
  url.searchParams.set("uploadId", ref.uploadId);
  return presignUrl(credentials(config), { method: "PUT", url, expiresInSeconds, now });
}

export interface ListedPart {
  partNumber: number;
  /** Unquoted. */
  etag: string;
  size: number;
}

export class R2S3ApiError extends Error {
  constructor(
    readonly status: number,
    readonly s3Code: string | null,
  ) {
    super(`R2 S3 API answered ${status}${s3Code ? ` (${s3Code})` : ""}`);
    this.name = "R2S3ApiError";
  }
}

const decodeXml = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&amp;/g, "&");

const tag = (xml: string, name: string) => {
  const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
  return match ? decodeXml(match[1]) : null;
};

/** Parses one ListParts answer (S3's ListPartsResult XML). */
export function parseListPartsResult(xml: string): { parts: ListedPart[]; truncated: boolean; nextMarker: string | null } {
  const parts: ListedPart[] = [];
  for (const match of xml.matchAll(/<Part>([\s\S]*?)<\/Part>/g)) {
    const partNumber = Number(tag(match[1], "PartNumber"));
    const size = Number(tag(match[1], "Size"));
    const etag = (tag(match[1], "ETag") ?? "").trim().replace(/^"|"$/g, "");
    if (Number.isInteger(partNumber) && partNumber > 0 && Number.isFinite(size) && etag) parts.push({ partNumber, etag, size });
  }
  return { parts, truncated: tag(xml, "IsTruncated") === "true", nextMarker: tag(xml, "NextPartNumberMarker") };
}

/** Every part of a multipart upload, in part-number order (ListParts, 1,000 a page). */
export async function listUploadedParts(api: R2S3Api, ref: { key: string; uploadId: string }, now = () => new Date()): Promise<ListedPart[]> {
  const parts: ListedPart[] = [];
  let marker: string | null = null;
  for (let page = 0; page < 11; page++) {
    const url = objectUrl(api.config, ref.key);
    url.searchParams.set("uploadId", ref.uploadId);
    url.searchParams.set("max-parts", "1000");
    if (marker) url.searchParams.set("part-number-marker", marker);
    const headers = await signRequest(credentials(api.config), { method: "GET", url, now: now() });
    const response = await api.fetch(url.toString(), { method: "GET", headers });
    const text = await response.text();
    if (!response.ok) throw new R2S3ApiError(response.status, tag(text, "Code"));
    const result = parseListPartsResult(text);
    parts.push(...result.parts);
    if (!result.truncated || !result.nextMarker) break;
    marker = result.nextMarker;
  }
  return parts.sort((a, b) => a.partNumber - b.partNumber);
}
