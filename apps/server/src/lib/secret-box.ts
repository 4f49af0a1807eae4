/**
 * Secrets the server must read back (a user's TOTP secret), stored encrypted under a key derived
 * from SESSION_SECRET: AES-256-GCM with a random 96-bit nonce, `v1.<nonce>.<ciphertext>.<tag>`
 * in base64url. A copy of the database alone does not give anyone the codes of a user's app.
 */
import crypto from 'node:crypto';

const VERSION = 'v1';

function keyOf(secret: string, purpose: string): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, 'carevoice', purpose, 32));
}

export function sealSecret(secret: string, purpose: string, plaintext: string): string {
  const nonce = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(secret, purpose), nonce);
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, nonce, sealed, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plaintext, or undefined when the box was not sealed under this secret and purpose. */
export function openSecret(secret: string, purpose: string, box: string): string | undefined {
  const [version, nonce, sealed, tag] = box.split('.');
  if (version !== VERSION || !nonce || sealed === undefined || !tag) return undefined;
  try {
    const decipher = crypto.createDecipheriv(
      'aes-256-gcm',
      keyOf(secret, purpose),
      Buffer.from(nonce, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([
      decipher.update(Buffer.from(sealed, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}
