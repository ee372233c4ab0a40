const REDACTED = '[redacted key]';

/**
 * `text` with every occurrence of `secret` replaced, for messages that leave the live source (an
 * error body or a proxy's page could echo the key back). Keys too short to be real are left alone
 * rather than garbling the message.
 */
export function redactSecret(text: string, secret: string): string {
  if (secret.length < 4) return text;
  return text.split(secret).join(REDACTED);
}
