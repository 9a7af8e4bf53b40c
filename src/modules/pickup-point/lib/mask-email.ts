/** `maria.bianchi@example.com` → `m***@example.com`: enough for an admin to recognise the address, no more. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split("@")
  return domain ? `${local.slice(0, 1)}***@${domain}` : "***"
}
