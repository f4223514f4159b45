/**
 * The registering browser's nonce cookie (decision 043): set with the
 * "check your email" answer, sent back only to /register/finish. When the
 * mailed link is opened in that same browser, the registration finishes at
 * once; anywhere else (another device, a mail scanner) the page asks for
 * one click, so merely opening the link changes nothing.
 */
export const REGISTRATION_BROWSER_COOKIE = "registering";
