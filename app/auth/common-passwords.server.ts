/**
 * Common and breached passwords of 8 characters or more (shorter ones are
 * refused by the length rule anyway), lower-cased and sorted: 17948 entries.
 *
 * Source: the "passwords" list of @zxcvbn-ts/language-common 4.1.3
 * (src/passwords.json, 49,233 entries, ranked by frequency), which is
 * zxcvbn's list of the most common passwords from leaked password corpora
 * (the Xato 10-million-password corpus among them). Licence: MIT,
 * Copyright (c) 2012-2016 Dan Wheeler and Dropbox, Inc.; Copyright (c) 2021
 * @zxcvbn-ts (the licence text is in docs/decisions/021-security-hardening.md).
 * Regenerate: take that file, keep entries of length >= 8, lower-case, sort,
 * join with newlines (docs/decisions/021-security-hardening.md).
 *
 * The list is a data file (common-passwords.txt, one per line) imported as
 * text; it is split into a Set once per isolate (password-policy.server.ts):
 * about 150 KB in the Worker bundle, nothing in any browser bundle.
 */
import list from "./common-passwords.txt?raw";

export const COMMON_PASSWORDS_TEXT: string = list.trimEnd();
