import { mkdtempSync, readFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import axios, { type AxiosInstance } from "axios"
import { Client, Pool } from "pg"
import { startSandbox, type RunningSandbox } from "../../src/sandbox"
import type { SeededStore } from "../../integration-tests/helpers/seed-store"
import { freeLoopbackPort } from "./free-port"
import { MedusaProcess, runMedusaCommand } from "./medusa-process"
import { startRedis, type RunningRedis } from "./redis-server"

export type TopologyOptions = {
  /** Worker processes next to the one server. Default 2. */
  workers?: number
  /** The plugin options (PICKUP_POINT_*) and anything else the processes should see. */
  env?: Record<string, string>
  /** The sandbox's import delay. Default 200 ms. */
  importDelayMs?: number
}

export type Topology = {
  redis: RunningRedis
  sandbox: RunningSandbox & { control: AxiosInstance }
  server: MedusaProcess
  workers: MedusaProcess[]
  /** The store API and admin API of the server. */
  api: AxiosInstance
  admin: { headers: { authorization: string } }
  store: SeededStore
  databaseUrl: string
  /** SQL straight on the store's database, for reading what happened. */
  sql<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>
  logDir: string
  stop(): Promise<void>
}

/** The plugin options the topology runs with (DEMO-DELIVERY merchant of the sandbox's demo seed). */
const PLUGIN_ENV = {
  PICKUP_POINT_MERCHANT_CODE: "DEMO-DELIVERY",
  PICKUP_POINT_API_KEY: "sandbox-delivery-key",
  PICKUP_POINT_MERCHANT_TYPE: "DELIVERY",
  PICKUP_POINT_INSURANCE_ENABLED: "false",
  PICKUP_POINT_DEFAULT_WAREHOUSE: "WH-MILANO",
  PICKUP_POINT_ORDER_PREFIX: "SOAK-",
  PICKUP_POINT_TIME_ZONE: "Europe/Rome",
  PICKUP_POINT_TIMEOUT_MS: "1500",
  // Keeps the shipment lease at its 60 s minimum: a killed worker's claim lapses in a minute.
  PICKUP_POINT_LABEL_TIMEOUT_MS: "6000",
  PICKUP_POINT_RETRY_BASE_MS: "1000",
  PICKUP_POINT_RETRY_SCHEDULE: "*/5 * * * * *",
  // An admin whose customer got no code waits this long before sending again (the soak's driver
  // does): 60 s, the default, made one unlucky order of the small soak wait two minutes.
  PICKUP_POINT_CODE_MIN_INTERVAL_S: "10",
}

/**
 * Medusa's production topology on this machine: Debian's redis-server, the
 * database on the PostgreSQL server the jest global setup started (DB_HOST,
 * DB_PORT, ...), the sandbox over loopback, one Medusa server process and
 * `workers` worker processes of this repository, all on the Redis modules
 * (medusa-config.ts adds them when REDIS_URL is set).
 */
export async function startTopology(options: TopologyOptions = {}): Promise<Topology> {
  const logDir = mkdtempSync(path.join(os.tmpdir(), "pickup-point-topology-"))
  const stops: (() => Promise<void>)[] = []
  const stop = async () => {
    for (const fn of stops.reverse()) await fn().catch(() => undefined)
  }
  try {
    const redis = await startRedis()
    stops.push(() => redis.stop())

    const databaseUrl = await createDatabase()
    const serverPort = await freeLoopbackPort()
    const sandbox = await startSandbox({
      port: 0,
      seed: "demo",
      importDelayMs: options.importDelayMs ?? 200,
      webhookUrl: `http://127.0.0.1:${serverPort}/hooks/pickup-point`,
    })
    stops.push(() => sandbox.close())

    const env: NodeJS.ProcessEnv = {
      ...childEnv(),
      ...PLUGIN_ENV,
      ...options.env,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      PICKUP_POINT_BASE_URL: sandbox.url,
      MEDUSA_ADMIN_DISABLED: "true",
      MEDUSA_DISABLE_TELEMETRY: "true",
    }
    await runMedusaCommand(["db:migrate", "--skip-scripts"], env)
    const seedOut = path.join(logDir, "seed.json")
    await runMedusaCommand(["exec", "./test-support/topology/seed-topology-store.ts"], { ...env, TOPOLOGY_SEED_OUT: seedOut })
    const seeded = JSON.parse(readFileSync(seedOut, "utf8")) as { store: SeededStore; admin: { email: string; password: string } }

    const server = new MedusaProcess("server", "server", serverPort, env, path.join(logDir, "server.log"))
    const workers: MedusaProcess[] = []
    for (let i = 1; i <= (options.workers ?? 2); i++) {
      workers.push(new MedusaProcess(`worker-${i}`, "worker", await freeLoopbackPort(), env, path.join(logDir, `worker-${i}.log`)))
    }
    stops.push(async () => {
      await Promise.all([server, ...workers].map((p) => p.stop()))
    })
    await Promise.all([server.start(), ...workers.map((w) => w.start())])

    const api = axios.create({ baseURL: server.url, timeout: 60_000 })
    const { data } = await api.post("/auth/user/emailpass", seeded.admin)
    // A pool: the soak's lanes read at the same time.
    const pool = new Pool({ connectionString: databaseUrl, max: 4 })
    stops.push(() => pool.end())

    return {
      redis,
      sandbox: { ...sandbox, control: axios.create({ baseURL: `${sandbox.url}/__sandbox`, validateStatus: () => true }) },
      server,
      workers,
      api,
      admin: { headers: { authorization: `Bearer ${data.token}` } },
      store: seeded.store,
      databaseUrl,
      sql: async <T>(text: string, values?: unknown[]) => (await pool.query(text, values)).rows as T[],
      logDir,
      stop,
    }
  } catch (error) {
    await stop()
    if (error instanceof Error) error.message += `\n(logs in ${logDir})`
    throw error
  }
}

/** A new database on the jest global setup's PostgreSQL server. */
async function createDatabase(): Promise<string> {
  const { DB_HOST = "localhost", DB_PORT = "5432", DB_USERNAME = "postgres", DB_PASSWORD = "" } = process.env
  const auth = DB_PASSWORD ? `${DB_USERNAME}:${encodeURIComponent(DB_PASSWORD)}` : DB_USERNAME
  const base = `postgres://${auth}@${DB_HOST}:${DB_PORT}`
  const name = `topology_${Date.now()}_${process.pid}`
  const admin = new Client({ connectionString: `${base}/postgres` })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end()
  }
  return `${base}/${name}`
}

/** The test process's environment, without what belongs to jest. */
function childEnv(): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _nodeOptions, JEST_WORKER_ID: _jestWorker, NODE_ENV: _nodeEnv, ...rest } = process.env
  return rest
}
