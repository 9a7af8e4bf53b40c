import { spawn, type ChildProcess } from "node:child_process"
import { createConnection } from "node:net"
import { freeLoopbackPort } from "./free-port"

export type RunningRedis = { url: string; stop(): Promise<void> }

/** Debian's redis-server on a free loopback port, nothing written to disk; stopped by `stop()`. */
export async function startRedis(): Promise<RunningRedis> {
  const port = await freeLoopbackPort()
  const child: ChildProcess = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--protected-mode", "yes", "--loglevel", "warning"],
    { stdio: ["ignore", "pipe", "pipe"] }
  )
  let output = ""
  child.stdout?.on("data", (chunk) => (output += chunk))
  child.stderr?.on("data", (chunk) => (output += chunk))
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  child.once("error", (error) => {
    output += `\n${error.message} (install it: apt-get install -y redis-server)`
  })

  const deadline = Date.now() + 10_000
  while (!(await answersPing(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL")
      throw new Error(`redis-server did not start on port ${port}: ${output.trim()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM")
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))])
        if (child.exitCode === null) child.kill("SIGKILL")
      }
    },
  }
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port }, () => socket.write("PING\r\n"))
    socket.once("data", (data) => {
      socket.destroy()
      resolve(data.toString().startsWith("+PONG"))
    })
    socket.once("error", () => resolve(false))
  })
}
