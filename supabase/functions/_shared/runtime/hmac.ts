/**
 * HMAC-SHA256 signatures for links the functions issue (the confirm link, the booking reference):
 * base64url without padding, one spelling per signature, verified by WebCrypto in constant time.
 */
const encoder = new TextEncoder()

const key = (secret: string, usage: 'sign' | 'verify') =>
  crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage])

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return undefined
  const bytes = Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/') + '='), (char) => char.charCodeAt(0))
  // One spelling per signature: a last character differing only in its unused bits is refused.
  return toBase64Url(bytes) === text ? bytes : undefined
}

/** The signature of `text`, exactly as given (no normalising: another spelling is another text). */
export async function hmacSign(secret: string, text: string): Promise<string> {
  return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', await key(secret, 'sign'), encoder.encode(text))))
}

/** True only for the one spelling of the signature of `text`. */
export async function hmacVerify(secret: string, text: string, signature: string): Promise<boolean> {
  const bytes = fromBase64Url(signature)
  return bytes !== undefined && crypto.subtle.verify('HMAC', await key(secret, 'verify'), bytes, encoder.encode(text))
}
