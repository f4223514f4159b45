import { z } from "zod";

/** The admin area's language forms (browser and server). */
export const LANGUAGE_CODE = /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/;

export const localizationSchema = z.object({
  language: z.string().trim().regex(LANGUAGE_CODE, "Use a language code such as fr or pt-BR."),
  name: z.string().trim().min(1).max(60),
});

/** A translations file: an object of English text to translation (strings only). */
export const linesFileSchema = z.record(z.string().min(1).max(2000), z.string().max(5000));
