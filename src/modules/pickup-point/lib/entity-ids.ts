import { randomBytes } from "node:crypto"

// Crockford's base32, as ULIDs (and so Medusa's ids) spell them.
const ENCODING = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

/**
 * `count` ids in the shape of Medusa's `generateEntityId` (`prefix_` and a
 * ULID: 10 characters of time, 16 random), reading randomness once for the
 * lot: `generateEntityId` reads it once per character, which was a tenth of
 * a tracking sync's time in its profile.
 */
export function entityIds(prefix: string, count: number): string[] {
  if (count <= 0) return []
  const random = randomBytes(count * 16)
  let time = Date.now()
  let timePart = ""
  for (let i = 0; i < 10; i++) {
    timePart = ENCODING[time % 32] + timePart
    time = Math.floor(time / 32)
  }
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    let id = `${prefix}_${timePart}`
    // 256 is a multiple of 32: each byte modulo 32 is uniform.
    for (let j = 0; j < 16; j++) id += ENCODING[random[i * 16 + j] % 32]
    ids.push(id)
  }
  return ids
}

/** One id in the shape of Medusa's `generateEntityId`, at the cost of one read of randomness. */
export function entityId(prefix: string): string {
  return entityIds(prefix, 1)[0]
}
