/** Numbers only the site and the back-office use (no server rule depends on them). Imports nothing. */
export const UI = {
  /** maxLength of the login inputs; the rules still cap e-mails at 320 and passwords at 128. */
  loginInputMaxLength: 255,
  /** Characters of a long text shown in a back-office table cell before it is cut. */
  tablePreview: { pack: 60, destination: 50, thingToDo: 40 },
  /** How often the access token is refreshed while signed in. */
  tokenRefreshIntervalMs: 240_000,
  /** Where the offer countdown starts. */
  countdownStartSeconds: 980_400,
  galleryThumbnails: 6,
  hotelPlaceholders: 10,
} as const;
