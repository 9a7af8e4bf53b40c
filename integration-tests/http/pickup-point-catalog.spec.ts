import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createApiKeysWorkflow } from "@medusajs/medusa/core-flows"
import { useSandboxForApp } from "../helpers/sandbox-env"
import { adminHeaders } from "../helpers/admin-session"
import { errorResponse } from "../helpers/error-response"

jest.setTimeout(120_000)

useSandboxForApp()

const CSV = [
  "code,public_code,name,address,city,postcode,province,country_code,latitude,longitude,opening_hours,network_code,requires_verification_code,is_active",
  `PP-MI-001,MI001,Edicola Duomo,Piazza del Duomo 1,Milano,20122,MI,IT,45.4642,9.1900,"{""mon"":[""09:00-19:00""]}",PUDO,no,yes`,
  "PP-MI-002,MI002,Tabacchi Navigli,Ripa di Porta Ticinese 55,Milano,20143,MI,IT,45.4520,9.1760,,PUDO,yes,yes",
  "PP-MI-003,MI003,Bar Centrale Stazione,Piazza Duca d'Aosta 1,Milano,20124,MI,IT,45.4860,9.2040,,PUDO,no,no",
  "PP-RM-001,RM001,Cartoleria Trastevere,Viale di Trastevere 60,Roma,00153,RM,IT,41.8830,12.4700,,PUDO,no,yes",
  "PP-TO-001,TO001,Bar Porta Nuova,Corso Vittorio Emanuele II 53,Torino,10125,TO,IT,45.0620,7.6780,,PUDO,no,yes",
  ",X,No code,Via 1,Milano,20100,MI,IT,,,,,,",
  "PP-BAD-1,B1,Bad country,Via 2,Milano,20100,MI,ITA,,,,,,",
  "PP-BAD-2,B2,Bad hours,Via 3,Milano,20100,MI,IT,,,{not json},,,",
  "PP-MI-002,MI002b,Duplicate row,Via 4,Milano,20100,MI,IT,,,,,,",
].join("\n")

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer }) => {
    let admin: { headers: { authorization: string } }
    let store: { headers: Record<string, string> }

    beforeEach(async () => {
      admin = await adminHeaders(getContainer(), api)
      const {
        result: [key],
      } = await createApiKeysWorkflow(getContainer()).run({
        input: { api_keys: [{ title: "Storefront", type: "publishable", created_by: "" }] },
      })
      store = { headers: { "x-publishable-api-key": key.token } }
    })

    const importCsv = (csv: string) => api.post("/admin/pickup-points/import", { csv }, admin)

    it("imports a CSV row by row: bad rows are rejected with their reason, the rest saved", async () => {
      const { data } = await importCsv(CSV)

      expect(data).toMatchObject({ created: 5, updated: 0, rejected: 4 })
      expect(data.rows.filter((r: { result: string }) => r.result === "rejected")).toEqual([
        { line: 7, code: null, result: "rejected", reason: expect.stringContaining("code") },
        { line: 8, code: "PP-BAD-1", result: "rejected", reason: "country_code: must be an ISO 3166-1 alpha-2 code such as IT" },
        { line: 9, code: "PP-BAD-2", result: "rejected", reason: expect.stringContaining("opening_hours") },
        { line: 10, code: "PP-MI-002", result: "rejected", reason: "code: repeats line 3" },
      ])

      const again = await importCsv(CSV.split("\n").slice(0, 2).join("\n").replace("Edicola Duomo", "Edicola del Duomo"))
      expect(again.data).toMatchObject({ created: 0, updated: 1, rejected: 0 })
      const {
        data: { pickup_points },
      } = await api.get("/admin/pickup-points?q=PP-MI-001", admin)
      expect(pickup_points).toEqual([
        expect.objectContaining({
          code: "PP-MI-001",
          name: "Edicola del Duomo",
          country_code: "it",
          opening_hours: { mon: ["09:00-19:00"] },
          requires_verification_code: false,
        }),
      ])
    })

    it("refuses a file that is not CSV, and an admin call without a session", async () => {
      const broken = await importCsv('code,name\n"unterminated').catch(errorResponse)
      expect(broken.status).toBe(400)
      expect(broken.data.message).toMatch(/^The CSV cannot be read/)

      const anonymous = await api.post("/admin/pickup-points/import", { csv: CSV }).catch(errorResponse)
      expect(anonymous.status).toBe(401)
    })

    it("searches active points by postcode, city, text and distance, paginated", async () => {
      await importCsv(CSV)
      const search = async (query: string) => (await api.get(`/store/pickup-points?${query}`, store)).data
      const codes = (result: { pickup_points: { code: string }[] }) => result.pickup_points.map((p) => p.code)

      expect(codes(await search("postcode=2012"))).toEqual(["PP-MI-001"])
      // PP-MI-003 is inactive: never shown to shoppers.
      expect(codes(await search("city=milano"))).toEqual(["PP-MI-001", "PP-MI-002"])
      expect(codes(await search("q=tabac navig"))).toEqual(["PP-MI-002"])
      expect(codes(await search("q=stazione"))).toEqual([])

      const near = await search("latitude=45.4641&longitude=9.1919&radius_km=5")
      expect(codes(near)).toEqual(["PP-MI-001", "PP-MI-002"])
      expect(near.pickup_points[0].distance_km).toBeCloseTo(0.15, 1)
      expect(near.pickup_points[1].distance_km).toBeGreaterThan(near.pickup_points[0].distance_km)
      expect(codes(await search("latitude=45.4641&longitude=9.1919&radius_km=150"))).toEqual(["PP-MI-001", "PP-MI-002", "PP-TO-001"])

      // Ordered by name: Bar Porta Nuova, Cartoleria Trastevere, Edicola Duomo, Tabacchi Navigli.
      const first = await search("country_code=it&limit=2")
      expect(first).toMatchObject({ count: 4, limit: 2, offset: 0 })
      expect(codes(first)).toEqual(["PP-TO-001", "PP-RM-001"])
      const page = await search("country_code=it&limit=2&offset=2")
      expect(page).toMatchObject({ count: 4, limit: 2, offset: 2 })
      expect(codes(page)).toEqual(["PP-MI-001", "PP-MI-002"])
      expect(page.pickup_points[0]).not.toHaveProperty("is_active")
    })

    it("finds a point by the beginning of any of its words, and follows its edits", async () => {
      const long = "Precipitevolissimevolmentesuperlungo" // 36 letters: past the 32 the index keeps
      const body = { code: "PP-SA-1", name: `Caffè Sant'Agata ${long}`, address: "Corso Vittorio 12", city: "Catania", postcode: "95124", country_code: "IT" }
      const id = (await api.post("/admin/pickup-points", body, admin)).data.pickup_point.id
      const found = async (q: string) => (await api.get(`/store/pickup-points?q=${encodeURIComponent(q)}`, store)).data.count

      // Any beginning of any word, in any case, words in any order; every word must match.
      // A word typed longer than 32 characters is matched on its first 32.
      for (const q of ["caff", "CAFFÈ", "sant agata", "c v 1", "vitt caff", "95", "pp-sa", long, `${long}xyz`]) {
        expect([q, await found(q)]).toEqual([q, 1])
      }
      for (const q of ["affè", "caffè roma", "agatha", "96"]) {
        expect([q, await found(q)]).toEqual([q, 0])
      }
      // With other criteria, every one must hold.
      const count = async (query: string) => (await api.get(`/store/pickup-points?${query}`, store)).data.count
      expect(await count("q=sant&city=catania&postcode=951")).toBe(1)
      expect(await count("q=sant&city=roma")).toBe(0)

      await api.post(`/admin/pickup-points/${id}`, { name: "Edicola Ognina" }, admin)
      expect([await found("caff"), await found("ognin")]).toEqual([0, 1])
      await api.post(`/admin/pickup-points/${id}`, { is_active: false }, admin)
      expect(await found("ognin")).toBe(0)
    })

    it("answers a bad search with a 400 that names the parameter", async () => {
      const badLatitude = await api.get("/store/pickup-points?latitude=95&longitude=9", store).catch(errorResponse)
      expect(badLatitude.status).toBe(400)
      expect(badLatitude.data.message).toContain("latitude")

      const halfCoordinate = await api.get("/store/pickup-points?latitude=45", store).catch(errorResponse)
      expect(halfCoordinate.status).toBe(400)
      expect(halfCoordinate.data.message).toContain("latitude and longitude go together")

      const noKey = await api.get("/store/pickup-points?city=milano").catch(errorResponse)
      expect(noKey.status).toBe(400)
    })

    it("creates, updates and deactivates a point through the admin API, refusing a duplicate code", async () => {
      const body = { code: "PP-NEW", name: "New point", address: "Via Nuova 1", city: "Bologna", postcode: "40121", country_code: "IT" }
      const created = await api.post("/admin/pickup-points", body, admin)
      expect(created.status).toBe(201)

      const duplicate = await api.post("/admin/pickup-points", body, admin).catch(errorResponse)
      expect(duplicate.status).toBe(422)
      expect(duplicate.data.message).toContain("PP-NEW exists already")

      const invalid = await api.post("/admin/pickup-points", { ...body, code: "PP-X", latitude: 123 }, admin).catch(errorResponse)
      expect(invalid.status).toBe(400)
      expect(invalid.data.message).toContain("latitude")

      const id = created.data.pickup_point.id
      await api.post(`/admin/pickup-points/${id}`, { is_active: false }, admin)
      expect((await api.get("/store/pickup-points?city=bologna", store)).data.count).toBe(0)
      const renamed = await api.post(`/admin/pickup-points/${id}`, { name: "Renamed", is_active: true }, admin)
      expect(renamed.data.pickup_point).toMatchObject({ name: "Renamed", is_active: true, code: "PP-NEW" })
      expect((await api.get("/store/pickup-points?city=bologna", store)).data.count).toBe(1)

      const unknown = await api.post("/admin/pickup-points/pup_nope", { name: "x" }, admin).catch(errorResponse)
      expect(unknown.status).toBe(404)
    })
  },
})
