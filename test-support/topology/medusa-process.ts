import { spawn, type ChildProcess } from "node:child_process"
import { createWriteStream, type WriteStream } from "node:fs"
import path from "node:path"

export const REPOSITORY_ROOT = path.resolve(__dirname, "..", "..")
const MEDUSA_CLI = path.join(REPOSITORY_ROOT, "node_modules", "@medusajs", "cli", "cli.js")

export type MedusaMode = "server" | "worker"

/**
 * One `medusa start` process of this repository, run from source: Medusa's
 * CLI registers ts-node, which compiles with swc (tsconfig's "ts-node"), so
 * there is no build step. Its output goes to `logFile`.
 */
export class MedusaProcess {
  private child?: ChildProcess
  private log?: WriteStream
  private tail: string[] = []

  constructor(
    readonly name: string,
    readonly mode: MedusaMode,
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
    readonly logFile: string
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`
  }

  get pid(): number | undefined {
    return this.child?.pid
  }

  /** Starts the process and resolves once it answers /health. */
  async start(timeoutMs = 180_000): Promise<void> {
    this.log = createWriteStream(this.logFile, { flags: "a" })
    this.log.write(`\n--- ${new Date().toISOString()} start (${this.mode}) ---\n`)
    const child = spawn(process.execPath, [MEDUSA_CLI, "start", "--port", String(this.port)], {
      cwd: REPOSITORY_ROOT,
      env: { ...this.env, MEDUSA_WORKER_MODE: this.mode, PORT: String(this.port) },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own group, so that a kill reaches whatever it forks.
      detached: true,
    })
    this.child = child
    const onData = (chunk: Buffer) => {
      this.log?.write(chunk)
      this.tail.push(...chunk.toString().split("\n").filter(Boolean))
      this.tail.splice(0, Math.max(0, this.tail.length - 40))
    }
    child.stdout?.on("data", onData)
    child.stderr?.on("data", onData)

    const deadline = Date.now() + timeoutMs
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`${this.name} exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${this.tail.join("\n")}`)
      }
      const healthy = await fetch(`${this.url}/health`).then((r) => r.ok, () => false)
      if (healthy) return
      if (Date.now() > deadline) {
        throw new Error(`${this.name} did not answer /health within ${timeoutMs / 1000} s:\n${this.tail.join("\n")}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
  }

  /** A crash: SIGKILL, no shutdown of any kind. */
  async crash(): Promise<void> {
    await this.signal("SIGKILL", 10_000)
  }

  /** A graceful stop, then SIGKILL after a while. */
  async stop(): Promise<void> {
    await this.signal("SIGTERM", 10_000)
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      await this.signal("SIGKILL", 5_000)
    }
  }

  private async signal(signal: NodeJS.Signals, waitMs: number): Promise<void> {
    const child = this.child
    if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
    try {
      process.kill(-child.pid, signal)
    } catch {
      // the group is gone already
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, waitMs))])
    this.log?.write(`\n--- ${new Date().toISOString()} ${signal} ---\n`)
  }
}

/** Runs a Medusa CLI command of this repository (migrations, exec) to the end; throws with its output on failure. */
export function runMedusaCommand(args: string[], env: NodeJS.ProcessEnv, timeoutMs = 300_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MEDUSA_CLI, ...args], { cwd: REPOSITORY_ROOT, env, stdio: ["ignore", "pipe", "pipe"] })
    let output = ""
    child.stdout?.on("data", (chunk) => (output += chunk))
    child.stderr?.on("data", (chunk) => (output += chunk))
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs)
    child.once("exit", (code) => {
      clearTimeout(timer)
      if (code === 0) resolve(output)
      else reject(new Error(`medusa ${args.join(" ")} failed (${code}):\n${output.split("\n").slice(-40).join("\n")}`))
    })
  })
}
