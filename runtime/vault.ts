import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** Encrypts provider tokens at rest: AES-256-GCM under a key derived from the service's signing secret. */
export type Vault = {
  seal(value: unknown): string;
  open<T>(sealed: string): T;
  /** A keyed digest (hex) of a text: the token providers echo on change notifications. */
  mac(text: string): string;
};

/** `purpose` keeps what is sealed for one use unreadable by another (calendar tokens, personal API keys). */
export function createVault(secret: string, purpose = 'calendar-tokens'): Vault {
  const key = Buffer.from(hkdfSync('sha256', secret, 'notetaker', purpose, 32));
  const macKey = Buffer.from(hkdfSync('sha256', secret, 'notetaker', 'calendar-notifications', 32));
  return {
    mac: (text) => createHmac('sha256', macKey).update(text).digest('hex'),
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return `v1.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    open<T>(sealed: string): T {
      if (!sealed.startsWith('v1.')) throw new Error('not a sealed value');
      const raw = Buffer.from(sealed.slice(3), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')) as T;
    },
  };
}
