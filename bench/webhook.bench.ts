import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { signWebhookBody } from "../src/api/lib/webhook-auth"
import { useSandboxForApp } from "../integration-tests/helpers/sandbox-env"
import { cpuMsOfTree, cpuMsSpent, parentPidOf } from "./cpu"
import { eachConcurrently, elapsedMs, machineLoad, ratio, seconds } from "./floor"
import { percentile } from "./stats"

/*
 * The platform's webhook under load: DELIVERIES authenticated deliveries
 * (API key and HMAC signature) at CONCURRENCY over HTTP keep-alive, a third
 * of them replays of an earlier body. Every new status must be applied once
 * and a replay change nothing. The floor is the same server's GET /health
 * (the cheapest route it has, through the same HTTP stack) at the same
 * concurrency, in the same run.
 */
jest.setTimeout(1_800_000)
const SECRET = "bench-webhook-secret"
const API_KEY = "sandbox-delivery-key"
useSandboxForApp({ PICKUP_POINT_WEBHOOK_SECRET: SECRET })

const DELIVERIES = Number(process.env.BENCH_DELIVERIES || 10_000)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16)
const TARGET_THROUGHPUT_RATIO = 0.3

type Delivery = { body: string; replay: boolean }

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, dbConnection }) => {
    it(`takes ${DELIVERIES} webhook deliveries at concurrency ${CONCURRENCY}`, async () => {
      const baseUrl = String(api.defaults.baseURL)
      // Every third delivery replays the one two places before it: the rest are new, one per shipment.
      const fresh = DELIVERIES - Math.floor(DELIVERIES / 3)
      const references = Array.from({ length: fresh }, (_, i) => `REF-WH-${i}`)
      await dbConnection.raw(
        `INSERT INTO pickup_point_shipment (id, order_id, order_number, status, pickup_point_code, merchant_type, order_reference_code, tracking_stage)
         SELECT 'pushp_wh_' || ref, 'order_wh_' || ref, 'WH-' || ref, 'label_generated', 'PP-MI-001', 'DELIVERY', ref, 20
         FROM unnest(?::text[]) AS ref`,
        [references]
      )
      await dbConnection.raw("VACUUM ANALYZE pickup_point_shipment")

      const deliveries: Delivery[] = []
      let next = 0
      for (let i = 0; i < DELIVERIES; i++) {
        if (i % 3 === 2) {
          deliveries.push({ ...deliveries[i - 2], replay: true })
        } else {
          const body = JSON.stringify({ orderReferencecode: references[next++], statusCode: "ST_0003", statusDescription: "Shipped", trackingNumber: `TRK-${i}` })
          deliveries.push({ body, replay: false })
        }
      }

      // The CPU of both processes that do the work: this one (the app, and the load's fetch, alike in every pass) and PostgreSQL.
      const [{ backend }] = (await dbConnection.raw("SELECT pg_backend_pid() AS backend")).rows
      const postmaster = parentPidOf(Number(backend))
      const cpuNow = () => {
        const own = process.cpuUsage()
        return { node: (own.user + own.system) / 1000, postgres: cpuMsOfTree(postmaster) }
      }

      /** Sends requests at CONCURRENCY over keep-alive; the latency of each, the wall time and the CPU per request. */
      const load = async <T>(items: T[], send: (item: T) => Promise<Response>) => {
        const latencies: number[] = []
        const statuses: Record<number, number> = {}
        const cpuBefore = cpuNow()
        const started = process.hrtime.bigint()
        await eachConcurrently(items, CONCURRENCY, async (item) => {
          const t = process.hrtime.bigint()
          const response = await send(item)
          await response.arrayBuffer()
          latencies.push(elapsedMs(t))
          statuses[response.status] = (statuses[response.status] ?? 0) + 1
        })
        const ms = elapsedMs(started)
        const cpuAfter = cpuNow()
        const cpu = { node: (cpuAfter.node - cpuBefore.node) / items.length, postgres: cpuMsSpent(cpuBefore.postgres, cpuAfter.postgres) / items.length }
        return { latencies, statuses, ms, cpu }
      }

      // Warm both paths up, then the floor and the webhook, then the floor again (its figure is the better of the two).
      await load(Array.from({ length: 200 }), () => fetch(`${baseUrl}/health`))
      const health1 = await load(Array.from({ length: DELIVERIES }), () => fetch(`${baseUrl}/health`))
      // Signed when sent, as the platform signs each (re)delivery; the digest that spots a replay is of the body alone.
      const postSignedWith = (secret: string) => (delivery: Delivery) => {
        const timestamp = Math.floor(Date.now() / 1000)
        return fetch(`${baseUrl}/hooks/pickup-point`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "x-api-key": API_KEY,
            "x-signature": signWebhookBody(delivery.body, secret, timestamp),
            "x-signature-timestamp": String(timestamp),
          },
          body: delivery.body,
        })
      }
      const webhook = await load(deliveries, postSignedWith(SECRET))
      const health2 = await load(Array.from({ length: DELIVERIES }), () => fetch(`${baseUrl}/health`))
      const health = health1.ms <= health2.ms ? health1 : health2
      // Not the floor, but where it stands: the same bodies, unsigned, posted to a path no route serves
      // go through Medusa's whole middleware stack (body parser, cookies, session, router) to its 404,
      // without any plugin code. Warmed up, then measured twice like the floor; the better run counts.
      const postUnrouted = (delivery: Delivery) =>
        fetch(`${baseUrl}/hooks/unrouted`, { method: "POST", headers: { "content-type": "application/json" }, body: delivery.body })
      await load(deliveries.slice(0, 200), postUnrouted)
      const unrouted1 = await load(deliveries, postUnrouted)
      const unrouted2 = await load(deliveries, postUnrouted)
      const unrouted = unrouted1.ms <= unrouted2.ms ? unrouted1 : unrouted2
      // Where the rest goes: the same deliveries signed with another secret reach the route, which reads
      // the body, checks the key and the signature, logs the refusal and answers 401 without a statement.
      // The webhook's time beyond this is its statements (the claim, the status and the verdict).
      const postWrongSignature = postSignedWith(`${SECRET}-wrong`)
      await load(deliveries.slice(0, 200), postWrongSignature)
      const refused1 = await load(deliveries, postWrongSignature)
      const refused2 = await load(deliveries, postWrongSignature)
      const refused = refused1.ms <= refused2.ms ? refused1 : refused2

      const throughput = (run: { ms: number }) => DELIVERIES / (run.ms / 1000)
      const [{ events }] = (await dbConnection.raw("SELECT count(*)::int AS events FROM pickup_point_tracking_event WHERE shipment_id LIKE 'pushp_wh_%'")).rows
      const [{ shipped }] = (await dbConnection.raw("SELECT count(*)::int AS shipped FROM pickup_point_shipment WHERE id LIKE 'pushp_wh_%' AND tracking_stage = 30")).rows
      const verdicts: { verdict: string; n: number }[] = (await dbConnection.raw("SELECT verdict, count(*)::int AS n FROM pickup_point_webhook_delivery GROUP BY verdict")).rows
      const line = (label: string, run: Awaited<ReturnType<typeof load>>) =>
        `${label.padEnd(34)} ${seconds(run.ms)}, ${throughput(run).toFixed(0)} req/s, p50 ${percentile(run.latencies, 50).toFixed(1)} ms, p99 ${percentile(run.latencies, 99).toFixed(1)} ms, ` +
        `CPU a request: Node ${run.cpu.node.toFixed(2)} ms, PostgreSQL ${run.cpu.postgres.toFixed(2)} ms; answers ${JSON.stringify(run.statuses)}`
      console.log(
        [
          "",
          `bench/webhook: ${DELIVERIES} deliveries (${fresh} new, ${DELIVERIES - fresh} replays) at concurrency ${CONCURRENCY}, HTTP keep-alive; ${machineLoad()} at the start of the report`,
          line("POST /hooks/pickup-point (plugin)", webhook),
          line("GET /health (floor, better of 2)", health),
          `throughput ${ratio(throughput(webhook), throughput(health))} of the floor (target ≥ ${TARGET_THROUGHPUT_RATIO}×: ${throughput(webhook) / throughput(health) >= TARGET_THROUGHPUT_RATIO ? "met" : "MISSED"})`,
          line("POST /hooks/unrouted (404, better of 2)", unrouted),
          `Medusa's stack alone, without any route: ${ratio(throughput(unrouted), throughput(health))} of the floor's throughput; the webhook reaches ${ratio(throughput(webhook), throughput(unrouted))} of it`,
          line("POST /hooks/pickup-point, wrong signature (401, better of 2)", refused),
          `the route without a statement: ${ratio(throughput(refused), throughput(health))} of the floor's throughput; ` +
            `the inverse of each pass's throughput: Medusa's stack ${(unrouted.ms / DELIVERIES).toFixed(2)} ms, the route's checks ${((refused.ms - unrouted.ms) / DELIVERIES).toFixed(2)} ms more, ` +
            `the statements ${((webhook.ms - refused.ms) / DELIVERIES).toFixed(2)} ms more (the webhook ${(webhook.ms / DELIVERIES).toFixed(2)} ms, /health ${(health.ms / DELIVERIES).toFixed(2)} ms)`,
          `applied once: ${events} tracking events and ${shipped} shipments shipped for ${fresh} new statuses; stored deliveries by verdict ${JSON.stringify(verdicts)}`,
          "",
        ].join("\n")
      )
      expect(webhook.statuses[200]).toBe(DELIVERIES)
      expect(unrouted1.statuses[404]).toBe(DELIVERIES)
      expect(unrouted2.statuses[404]).toBe(DELIVERIES)
      expect(refused1.statuses[401]).toBe(DELIVERIES)
      expect(refused2.statuses[401]).toBe(DELIVERIES)
      expect(events).toBe(fresh)
      expect(shipped).toBe(fresh)
      expect(verdicts.reduce((sum, v) => sum + v.n, 0)).toBe(fresh)
    })
  },
})
