import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { PDFDocument } from "pdf-lib"
import { demoSeed } from "../src/sandbox"
import { renderLabelPdf } from "../src/sandbox/label-pdf"
import { adminHeaders } from "../integration-tests/helpers/admin-session"
import { useSandboxForApp } from "../integration-tests/helpers/sandbox-env"
import { elapsedMs, growth, machineLoad, ratio, sampleMemory, seconds } from "./floor"

/*
 * The bulk print: stored labels merged into one PDF by
 * POST /admin/pickup-point/labels, at each size of BENCH_LABELS, with time
 * and memory (heap and RSS sampled every 50 ms while it runs, garbage
 * included; the route runs in this process). The route takes at most 100 shipments
 * a request, so a larger print is one request per 100 in turn, as the
 * admin sends it. The floor is the same merge done bare: the same stored
 * labels read by one query and merged by pdf-lib.
 */
jest.setTimeout(1_800_000)
useSandboxForApp()

const SIZES = (process.env.BENCH_LABELS || "50,500").split(",").map(Number)
const PER_REQUEST = 100
const DISTINCT_LABELS = 25

medusaIntegrationTestRunner({
  inApp: true,
  env: {},
  testSuite: ({ api, getContainer, dbConnection }) => {
    it(`prints ${SIZES.join(" and ")} labels as one PDF`, async () => {
      const admin = await adminHeaders(getContainer(), api)
      const seed = demoSeed()
      const pdfs = await Promise.all(
        Array.from({ length: DISTINCT_LABELS }, (_, i) =>
          renderLabelPdf({
            trackingNumber: `TRK${String(i).padStart(9, "0")}`,
            orderNumber: `BENCH-${i}`,
            orderReferenceCode: `REF-LBL-${i}`,
            customerName: "Bench Shopper",
            networkName: "PUDO",
            warehouse: seed.warehouses[0],
            pickupPoint: seed.pickupPoints[0],
          })
        )
      )
      const labelBytes = pdfs.reduce((sum, pdf) => sum + pdf.length, 0) / pdfs.length
      const largest = Math.max(...SIZES)
      const ids = Array.from({ length: largest }, (_, i) => `pushp_lbl_${String(i).padStart(4, "0")}`)
      await dbConnection.raw(
        `INSERT INTO pickup_point_label (id, shipment_id, content_base64)
         SELECT 'pulbl_' || s.id, s.id, (?::text[])[1 + (s.n - 1) % ?] FROM unnest(?::text[]) WITH ORDINALITY AS s(id, n)`,
        [pdfs.map((pdf) => pdf.toString("base64")), DISTINCT_LABELS, ids]
      )
      await dbConnection.raw(
        `INSERT INTO pickup_point_shipment (id, order_id, order_number, status, pickup_point_code, merchant_type, order_reference_code, tracking_stage, label_file_id)
         SELECT id, 'order_' || id, 'LBL-' || id, 'label_generated', 'PP-MI-001', 'DELIVERY', 'REF-' || id, 20, 'pulbl_' || id FROM unnest(?::text[]) AS id`,
        [ids]
      )

      const report = ["", `bench/labels: stored labels of ${(labelBytes / 1024).toFixed(1)} kB each, ${PER_REQUEST} per request at most; ${machineLoad()} at the start`]
      const figures: { size: number; pluginMs: number; floorMs: number; heapPeakMB: number }[] = []
      // One warm-up print, so that the first size does not pay for the route's first load.
      await api.post("/admin/pickup-point/labels", { shipment_ids: ids.slice(0, 2) }, { ...admin, responseType: "arraybuffer" })
      for (const size of SIZES) {
        const chosen = ids.slice(0, size)
        let memory = sampleMemory(50, { collect: false })
        let started = process.hrtime.bigint()
        const printed: ArrayBuffer[] = []
        for (let start = 0; start < size; start += PER_REQUEST) {
          const response = await api.post("/admin/pickup-point/labels", { shipment_ids: chosen.slice(start, start + PER_REQUEST) }, { ...admin, responseType: "arraybuffer" })
          printed.push(response.data)
        }
        const pluginMs = elapsedMs(started)
        const plugin = memory.stop()
        let pages = 0
        for (const pdf of printed) pages += (await PDFDocument.load(pdf)).getPageCount()
        const bytes = printed.reduce((sum, pdf) => sum + pdf.byteLength, 0)

        memory = sampleMemory(50, { collect: false })
        started = process.hrtime.bigint()
        for (let start = 0; start < size; start += PER_REQUEST) {
          const rows: { content_base64: string }[] = (
            await dbConnection.raw("SELECT content_base64 FROM pickup_point_label WHERE shipment_id = ANY(?)", [chosen.slice(start, start + PER_REQUEST)])
          ).rows
          const merged = await PDFDocument.create()
          for (const row of rows) {
            const label = await PDFDocument.load(Buffer.from(row.content_base64, "base64"))
            for (const page of await merged.copyPages(label, label.getPageIndices())) merged.addPage(page)
          }
          await merged.save()
        }
        const floorMs = elapsedMs(started)
        const floor = memory.stop()

        figures.push({ size, pluginMs, floorMs, heapPeakMB: plugin.heapPeakMB })
        report.push(
          `${String(size).padStart(4)} labels: ${Math.ceil(size / PER_REQUEST)} request(s), ${pages} pages, ${(bytes / 2 ** 20).toFixed(2)} MB of PDF, plugin ${seconds(pluginMs)}, ` +
            `floor ${seconds(floorMs)}, ${ratio(pluginMs, floorMs)}; heap +${plugin.heapPeakMB.toFixed(1)} MB at peak (floor +${floor.heapPeakMB.toFixed(1)} MB), RSS peak ${plugin.rssPeakMB.toFixed(0)} MB`
        )
        expect(pages).toBe(size)
      }
      for (let i = 1; i < figures.length; i++) {
        const [a, b] = [figures[i - 1], figures[i]]
        report.push(`${a.size} → ${b.size}: plugin ${growth(a.pluginMs, b.pluginMs, b.size / a.size)}, floor ${growth(a.floorMs, b.floorMs, b.size / a.size)}`)
      }
      report.push(`target: one merged PDF per print, memory bounded (a request holds at most ${PER_REQUEST} labels); ${machineLoad()} at the end`, "")
      console.log(report.join("\n"))
      // Bounded: the heap's peak for the largest print stays within a request's worth of labels.
      expect(figures[figures.length - 1].heapPeakMB).toBeLessThan(256 + (PER_REQUEST * labelBytes * 16) / 2 ** 20)
    })
  },
})
