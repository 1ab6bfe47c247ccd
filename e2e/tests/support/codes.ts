/**
 * The verification-code resend interval of the portals under test (`accounts.codes.resend_seconds`,
 * 60 s in production): short, so a journey that sends a second code to one address waits seconds,
 * not a minute. playwright.config.ts passes it to every portal it starts.
 */
export const CODE_RESEND_SECONDS = 5;
