import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createApiKeysWorkflow } from "@medusajs/medusa/core-flows"
import { PICKUP_POINT_MODULE } from "../src/modules/pickup-point"
import type PickupPointModuleService from "../src/modules/pickup-point/service"
import type { PickupPointSearch } from "../src/modules/pickup-point/lib/search"
import { useSandboxForApp } from "../integration-tests/helpers/sandbox-env"
import { describe as line, timed } from "./stats"

/*
 * 50,000 active points spread over Italy; postcode, text and nearest
 * searches timed in the server (the module call, SQL included) and over
 * HTTP through the store API.
 */
jest.setTimeout(600_000)
useSandboxForApp()

const POINTS = Number(process.env.BENCH_POINTS || 50_000)
const QUERIES = Number(process.env.BENCH_QUERIES || 200)
const CITIES = ["Milano", "Roma", "Torino", "Napoli", "Bologna", "Firenze", "Genova", "Bari", "Palermo", "Verona"]
const WORDS = ["Edicola", "Tabacchi", "Bar", "Cartoleria", "Farmacia", "Locker", "Libreria", "Ferramenta"]

// A deterministic generator, so that runs compare.
let seed = 42
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31)
const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer, dbConnection }) => {
    it(`searches ${POINTS} points`, async () => {
      const started = Date.now()
      await dbConnection.raw(
        `INSERT INTO pickup_point (id, code, public_code, name, address, city, postcode, province, country_code, latitude, longitude, network_code, requires_verification_code, is_active)
         SELECT 'pup_bench_' || g, 'PP-' || g, 'P' || g,
                (ARRAY[${WORDS.map((w) => `'${w}'`).join(",")}])[1 + g % ${WORDS.length}] || ' ' || (ARRAY['Centrale','Stazione','Duomo','Mercato','Porta','Giardini'])[1 + g % 6] || ' ' || g,
                'Via ' || (ARRAY['Roma','Garibaldi','Mazzini','Verdi','Cavour'])[1 + g % 5] || ' ' || (g % 200),
                (ARRAY[${CITIES.map((c) => `'${c}'`).join(",")}])[1 + g % ${CITIES.length}],
                lpad(((g * 7919) % 100000)::text, 5, '0'), 'XX', 'it',
                36.6 + ((g * 104729) % 10000) / 10000.0 * 10.4,
                6.6 + ((g * 1299709) % 10000) / 10000.0 * 12.0,
                'PUDO', g % 7 = 0, g % 20 <> 0
         FROM generate_series(1::bigint, ?) AS g`,
        [POINTS]
      )
      await dbConnection.raw("ANALYZE pickup_point")
      console.log(`bench/pickup-point-search: ${POINTS} points inserted in ${Date.now() - started} ms`)

      const pickupPoints: PickupPointModuleService = getContainer().resolve(PICKUP_POINT_MODULE)
      const {
        result: [key],
      } = await createApiKeysWorkflow(getContainer()).run({ input: { api_keys: [{ title: "s", type: "publishable", created_by: "" }] } })
      const headers = { headers: { "x-publishable-api-key": key.token } }

      const kinds: Record<string, () => { search: Omit<PickupPointSearch, "limit" | "offset">; query: string }> = {
        postcode: () => {
          const postcode = String(Math.floor(random() * 1000)).padStart(3, "0")
          return { search: { postcode }, query: `postcode=${postcode}` }
        },
        text: () => {
          const q = `${pick(WORDS)} ${pick(["cen", "staz", "duo", "merc"])}`
          return { search: { q }, query: `q=${encodeURIComponent(q)}` }
        },
        nearest: () => {
          const latitude = 37 + random() * 9.5
          const longitude = 7 + random() * 11
          return { search: { near: { latitude, longitude, radius_km: 10 } }, query: `latitude=${latitude}&longitude=${longitude}&radius_km=10` }
        },
      }

      const report: string[] = ["", `bench/pickup-point-search: ${POINTS} points, ${QUERIES} queries each, limit 20`]
      for (const [kind, make] of Object.entries(kinds)) {
        const server: number[] = []
        const http: number[] = []
        let found = 0
        for (let i = 0; i < QUERIES + 10; i++) {
          const { search, query } = make()
          const [result, serverMs] = await timed(() => pickupPoints.searchPickupPoints({ ...search, limit: 20, offset: 0 }))
          const [, httpMs] = await timed(() => api.get(`/store/pickup-points?${query}&limit=20`, headers))
          if (i >= 10) {
            server.push(serverMs)
            http.push(httpMs)
            found += result.pickup_points.length
          }
        }
        report.push(line(`${kind} (server)`, server), line(`${kind} (HTTP round trip)`, http), `  ${kind}: ${(found / QUERIES).toFixed(1)} results per query on average`)
      }
      report.push("target: p95 server time under 20 ms", "")
      console.log(report.join("\n"))
    })
  },
})
