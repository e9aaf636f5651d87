/**
 * Features people commonly ask for, as [pattern, scope label]. Each one found becomes a scope item of a
 * new app or feature and adds hours (estimate.ts), because each is a piece of work of its own.
 */
const FEATURE_HINTS: readonly (readonly [RegExp, string])[] = [
  [/\b(?:log[- ]?ins?|sign[- ]?(?:in|up)|auth(?:entication)?|user accounts?|register|registration)\b/i, 'User accounts and sign-in'],
  [/\b(?:payments?|checkout|subscriptions?|billing|stripe|paypal)\b/i, 'Payments'],
  [/\badmin\b/i, 'Admin area'],
  [/\bdashboards?\b/i, 'Dashboard'],
  [/\b(?:notifications?|reminders?|e-?mail alerts?)\b/i, 'Notifications'],
  [/\bsearch\b/i, 'Search'],
  [/\b(?:chat|messaging|inbox)\b/i, 'Chat and messaging'],
  [/\b(?:uploads?|uploading|file sharing)\b/i, 'File uploads'],
  [/\b(?:maps?|geolocation|location-based)\b/i, 'Maps and location'],
  [/\b(?:booking|bookings|appointments?|calendar|scheduling)\b/i, 'Booking and calendar'],
  [/\b(?:analytics|reports?|reporting)\b/i, 'Reports and analytics'],
  [/\b(?:mobile|responsive)\b/i, 'Mobile-friendly layout'],
];

/** Scope labels of the common features named in `text`, in the order of the table above. */
export function extractFeatures(text: string): string[] {
  return FEATURE_HINTS.filter(([pattern]) => pattern.test(text)).map(([, label]) => label);
}
