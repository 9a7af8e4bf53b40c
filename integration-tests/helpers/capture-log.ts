/**
 * Keeps everything the process writes (stdout, stderr and the console, which
 * jest takes over) from the moment it is imported, so a spec can read its
 * whole run's log. Import it first, before Medusa's logger is made; the log
 * level is raised to debug unless LOG_LEVEL says otherwise, so the most is
 * written.
 */
process.env.LOG_LEVEL ||= "debug"

const chunks: string[] = []
const text = (value: unknown) => (typeof value === "string" ? value : Buffer.isBuffer(value) ? value.toString("utf8") : String(value))

// Winston's console transport writes to the console's own streams when it has them (jest's console does).
const consoleStreams = [(console as unknown as { _stdout?: NodeJS.WritableStream })._stdout, (console as unknown as { _stderr?: NodeJS.WritableStream })._stderr]
for (const stream of new Set([process.stdout, process.stderr, ...consoleStreams].filter((s): s is NodeJS.WritableStream => !!s))) {
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean
  stream.write = ((chunk: unknown, ...rest: unknown[]) => {
    chunks.push(text(chunk))
    return write(chunk, ...rest)
  }) as typeof stream.write
}
for (const method of ["log", "info", "warn", "error", "debug"] as const) {
  const original = console[method].bind(console)
  console[method] = (...args: unknown[]) => {
    chunks.push(args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : typeof arg === "object" ? safeJson(arg) : text(arg))).join(" "))
    original(...args)
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value)
  } catch {
    return String(value)
  }
}

/** Everything written since the import. */
export function capturedLog(): string {
  return chunks.join("\n")
}
